// The Products tab's filters: template, status and a search over username and e-mail.
import type { AccountStatus, AdminProductGroup } from '../../../../../shared/admin-catalogue.ts';
import { SelectField, TextField } from '../../../../components/ui/form-controls.tsx';

export type FilterValues = { productGroupId: string; status: AccountStatus | ''; search: string };

const statusOptions = [
  { value: 'available', label: 'Available' },
  { value: 'reserved', label: 'Reserved' },
  { value: 'sold', label: 'Sold' },
  { value: 'replaced', label: 'Replaced' },
  { value: 'refunded', label: 'Refunded' },
];

type Props = {
  productGroups: AdminProductGroup[];
  values: FilterValues;
  onChange: (values: FilterValues) => void;
};

export function AccountFilters({ productGroups, values, onChange }: Props) {
  const productGroupOptions = productGroups.map((t) => ({
    value: t.id,
    label: t.isActive ? t.name : `${t.name} (archived)`,
  }));
  return (
    <div className="grid gap-3 sm:grid-cols-3" role="search" aria-label="Filter accounts">
      <SelectField
        label="Template"
        options={productGroupOptions}
        placeholder="All templates"
        value={values.productGroupId}
        onChange={(e) => onChange({ ...values, productGroupId: e.target.value })}
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
