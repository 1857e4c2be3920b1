// The Products tab's filters: template, status and a search over username and e-mail.
import type { AccountStatus, AdminProductGroup } from '../../../../../shared/admin-catalogue.ts';
import { SelectField, TextField } from '../../../../components/ui/form-controls.tsx';

export type FilterValues = { templateId: string; status: AccountStatus | ''; search: string };

const statusOptions = [
  { value: 'available', label: 'Available' },
  { value: 'reserved', label: 'Reserved' },
  { value: 'sold', label: 'Sold' },
  { value: 'replaced', label: 'Replaced' },
  { value: 'refunded', label: 'Refunded' },
];

type Props = {
  templates: AdminProductGroup[];
  values: FilterValues;
  onChange: (values: FilterValues) => void;
};

export function AccountFilters({ templates, values, onChange }: Props) {
  const templateOptions = templates.map((t) => ({
    value: t.id,
    label: t.isActive ? t.name : `${t.name} (archived)`,
  }));
  return (
    <div className="grid gap-3 sm:grid-cols-3" role="search" aria-label="Filter accounts">
      <SelectField
        label="Template"
        options={templateOptions}
        placeholder="All templates"
        value={values.templateId}
        onChange={(e) => onChange({ ...values, templateId: e.target.value })}
      />
      <SelectField
        label="Status"
        options={statusOptions}
        placeholder="All statuses"
        value={values.status}
        onChange={(e) => onChange({ ...values, status: e.target.value as FilterValues['status'] })}
      />
      <TextField
        label="Search"
        type="search"
        placeholder="Username or e-mail"
        value={values.search}
        onChange={(e) => onChange({ ...values, search: e.target.value })}
      />
    </div>
  );
}
