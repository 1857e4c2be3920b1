// Order history's toolbar: a labelled search box and labelled status and category selects.
import { Search } from 'lucide-react';
import { useId } from 'react';
import { inputClass } from '../../../components/ui/field.tsx';
import { cn } from '../../../lib/cn.ts';
import { CATEGORY_FILTERS, STATUS_FILTERS, type CategoryFilter, type OrderFilters, type StatusFilter } from '../lib/filter-orders.ts';

type Props = { filters: OrderFilters; onChange: (filters: OrderFilters) => void };

const label = (value: string) => (value === 'all' ? 'All' : value.charAt(0).toUpperCase() + value.slice(1));

export function OrderFiltersBar({ filters, onChange }: Props) {
  const searchId = useId();
  const statusId = useId();
  const categoryId = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1 space-y-1">
        <label htmlFor={searchId} className="block text-xs font-medium text-muted-foreground">
          Search orders
        </label>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
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
        <div className="space-y-1 sm:w-40">
          <label htmlFor={statusId} className="block text-xs font-medium text-muted-foreground">
            Status
          </label>
          <select
            id={statusId}
            value={filters.status}
            onChange={(e) => onChange({ ...filters, status: e.target.value as StatusFilter })}
            className={inputClass}
          >
            {STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {label(s)}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1 sm:w-40">
          <label htmlFor={categoryId} className="block text-xs font-medium text-muted-foreground">
            Category
          </label>
          <select
            id={categoryId}
            value={filters.category}
            onChange={(e) => onChange({ ...filters, category: e.target.value as CategoryFilter })}
            className={inputClass}
          >
            {CATEGORY_FILTERS.map((c) => (
              <option key={c} value={c}>
                {label(c)}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}
