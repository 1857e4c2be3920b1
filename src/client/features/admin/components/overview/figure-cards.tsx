// The period's figures beside the span before it (the change as an arrow and a percentage), and the money held
// in customers' wallets now.
import {
  MONEY_FIGURES,
  overviewFigureLabels,
  type Overview,
  type OverviewFigure,
} from '../../../../../shared/admin-overview.ts';
import { formatNaira } from '../../../../../shared/money.ts';
import { Card } from '../../../../components/ui/card.tsx';

const show = (key: OverviewFigure, n: number) =>
  MONEY_FIGURES.has(key) ? formatNaira(n) : n.toLocaleString('en-NG');

function change(current: number, previous: number): string {
  if (current === previous) return 'no change';
  if (previous === 0) return 'up from none';
  const pct = Math.round(((current - previous) / previous) * 100);
  return `${pct > 0 ? '▲' : '▼'} ${Math.abs(pct)}%`;
}

export function FigureCards({ overview }: { overview: Overview }) {
  const keys = Object.keys(overview.figures) as OverviewFigure[];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-5">
      {keys.map((key) => {
        const { current, previous } = overview.figures[key];
        // Refunds and replacements rising is bad news: their arrows read the other way round in colour.
        const good =
          key === 'refunds' || key === 'replacements' ? current <= previous : current >= previous;
        return (
          <Card key={key} className="min-w-0 p-3 sm:p-4">
            <dt className="text-xs text-muted-foreground sm:text-sm">
              {overviewFigureLabels[key]}
            </dt>
            <dd className="mt-1 truncate text-lg font-bold tabular-nums sm:text-xl">
              {show(key, current)}
            </dd>
            <dd className="mt-1 text-xs text-muted-foreground">
              <span
                className={
                  current === previous
                    ? ''
                    : good
                      ? 'text-emerald-700 dark:text-emerald-400'
                      : 'text-red-700 dark:text-red-400'
                }
              >
                {change(current, previous)}
              </span>{' '}
              <span className="whitespace-nowrap">vs {show(key, previous)}</span>
            </dd>
          </Card>
        );
      })}
      <Card className="min-w-0 p-3 sm:p-4">
        <dt className="text-xs text-muted-foreground sm:text-sm">Customer balances held</dt>
        <dd className="mt-1 truncate text-lg font-bold tabular-nums sm:text-xl">
          {formatNaira(overview.balancesHeldKobo)}
        </dd>
        <dd className="mt-1 text-xs text-muted-foreground">in wallets now</dd>
      </Card>
    </dl>
  );
}
