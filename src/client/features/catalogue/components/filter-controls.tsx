// The catalogue toolbars' controls: a labelled search box, a labelled select and the grid/list toggle.
import { LayoutGrid, List, Search } from 'lucide-react';
import { useId } from 'react';
import { inputClass } from '../../../components/ui/field.tsx';
import { cn } from '../../../lib/cn.ts';
import type { CardLayout } from './group-card.tsx';

type SearchProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
};

export function SearchBox({ label, value, onChange, placeholder }: SearchProps) {
  const id = useId();
  return (
    <div className="relative min-w-0 flex-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <input
        id={id}
        type="search"
        value={value}
        placeholder={placeholder ?? label}
        onChange={(e) => onChange(e.target.value)}
        className={cn(inputClass, 'pl-9')}
      />
    </div>
  );
}

type SelectProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
};

export function LabelledSelect({ label, value, onChange, options }: SelectProps) {
  const id = useId();
  return (
    <div className="sm:w-52">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={inputClass}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function LayoutToggle({
  value,
  onChange,
}: {
  value: CardLayout;
  onChange: (value: CardLayout) => void;
}) {
  const button = (layout: CardLayout, label: string, Icon: typeof List) => (
    <button
      type="button"
      aria-label={label}
      aria-pressed={value === layout}
      onClick={() => onChange(layout)}
      className={cn(
        'flex h-10 w-10 items-center justify-center transition focus-visible:outline-2 focus-visible:outline-primary',
        value === layout ? 'bg-primary text-primary-foreground' : 'hover:bg-muted',
      )}
    >
      <Icon className="h-4 w-4" aria-hidden />
    </button>
  );
  return (
    <div
      role="group"
      aria-label="Layout"
      className="flex shrink-0 overflow-hidden rounded-md border border-border"
    >
      {button('grid', 'Grid view', LayoutGrid)}
      {button('list', 'List view', List)}
    </div>
  );
}
