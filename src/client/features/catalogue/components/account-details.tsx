// An account's public details (followers and the like) as a definition list or a one-line summary.
import type { PublicAccount } from '../../../../shared/catalogue.ts';
import { formatCount } from '../../../../shared/money.ts';

/** 'followers' → 'Followers', 'account_age' → 'Account age'. */
function labelFor(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueFor(value: string | number | boolean): string {
  if (typeof value === 'number') return formatCount(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return value;
}

export function detailEntries(
  details: PublicAccount['details'],
): { label: string; value: string }[] {
  return Object.entries(details).map(([key, value]) => ({
    label: labelFor(key),
    value: valueFor(value),
  }));
}

/** 'Followers: 1,000 · Age: 2 years' for the small account links. */
export function detailSummary(details: PublicAccount['details']): string {
  return detailEntries(details)
    .map((d) => `${d.label}: ${d.value}`)
    .join(' · ');
}

export function DetailList({ details }: { details: PublicAccount['details'] }) {
  const entries = detailEntries(details);
  if (entries.length === 0)
    return <p className="text-sm text-muted-foreground">No public details for this account.</p>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
      {entries.map((d) => (
        <div key={d.label} className="contents">
          <dt className="text-muted-foreground">{d.label}</dt>
          <dd className="font-medium">{d.value}</dd>
        </div>
      ))}
    </dl>
  );
}
