// Order history's toolbar: a labelled search box and labelled status and category selects.
import { Search } from 'lucide-react';
import { useId } from 'react';
import { inputClass } from '../../../components/ui/field.tsx';
import { cn } from '../../../lib/cn.ts';
import { CATEGORY_FILTERS, STATUS_FILTERS, type OrderFilters } from '../lib/filter-orders.ts';

type Props = { filters: OrderFilters; onChange: (filters: OrderFilters) => void };

const label = (value: string) =>
  value === 'all' ? 'All' : value.charAt(0).toUpperCase() + value.slice(1);

export function OrderFiltersBar({ filters, onChange }: Props) {
  const searchId = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1 space-y-1">
        <label htmlFor={searchId} className="block text-xs font-medium text-muted-foreground">
          Search orders
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <input
            id={searchId}
            type="search"
            value={filters.search}
            placeholder="Product, order ID or username"
            onChange={(e) => onChange({ ...filters, search: e.target.value })}
            className={cn(inputClass, 'pl-9')}
          />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:flex">
        <FilterSelect
          label="Status"
          value={filters.status}
          options={STATUS_FILTERS}
          onChange={(status) => onChange({ ...filters, status })}
        />
        <FilterSelect
          label="Category"
          value={filters.category}
          options={CATEGORY_FILTERS}
          onChange={(category) => onChange({ ...filters, category })}
        />
      </div>
    </div>
  );
}

type SelectProps<T extends string> = {
  label: string;
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
};

function FilterSelect<T extends string>({ label: text, value, options, onChange }: SelectProps<T>) {
  const id = useId();
  return (
    <div className="space-y-1 sm:w-40">
      <label htmlFor={id} className="block text-xs font-medium text-muted-foreground">
        {text}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as T)}
        className={inputClass}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {label(option)}
          </option>
        ))}
      </select>
    </div>
  );
}
