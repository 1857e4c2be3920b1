// Small coloured labels: template Active/Archived, account status, category active, inbox kind and status.
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

const tones = {
  green: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  gray: 'bg-muted text-muted-foreground',
  blue: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  violet: 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200',
} as const;

export type BadgeTone = keyof typeof tones;

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold',
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}

const accountTones = {
  available: 'green',
  reserved: 'amber',
  sold: 'gray',
  replaced: 'violet',
  refunded: 'blue',
} as const;
const accountLabels = {
  available: 'Available',
  reserved: 'Reserved',
  sold: 'Sold',
  replaced: 'Replaced',
  refunded: 'Refunded',
} as const;

export function AccountStatusBadge({ status }: { status: keyof typeof accountTones }) {
  return <Badge tone={accountTones[status]}>{accountLabels[status]}</Badge>;
}

export function ActiveBadge({
  isActive,
  inactiveLabel,
}: {
  isActive: boolean;
  inactiveLabel: string;
}) {
  return <Badge tone={isActive ? 'green' : 'gray'}>{isActive ? 'Active' : inactiveLabel}</Badge>;
}
