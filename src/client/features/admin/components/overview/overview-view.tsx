// The Overview: the period's figures against the span before, revenue and orders over time, top products, the
// stock runway and the top-up funnel, each chart with its numbers as a table; the all-time totals below.
import { Download } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  OVERVIEW_PRESETS,
  RUNWAY_LOW_DAYS,
  RUNWAY_PACE_DAYS,
  type Overview,
  type OverviewPreset,
} from '../../../../../shared/admin-overview.ts';
import { formatNaira } from '../../../../../shared/money.ts';
import { buttonClass } from '../../../../components/ui/button-styles.ts';
import { useAdminStats } from '../../api/use-admin-stats.ts';
import {
  overviewQueryString,
  useAdminOverview,
  type OverviewPeriodChoice,
} from '../../api/admin-overview.ts';
import { QueryState } from '../query-state.tsx';
import { StatsCards } from '../stats-cards.tsx';
import { Bars, ChartFigure } from './chart-figure.tsx';
import { FigureCards } from './figure-cards.tsx';
import { PeriodPicker } from './period-picker.tsx';

/** The time chart's box: uPlot (its own chunk) is loaded and draws into it once the answer is here. */
function TimeChart({ series, bucket }: { series: Overview['series']; bucket: 'hour' | 'day' }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let remove: (() => void) | undefined;
    let gone = false;
    void import('./time-chart.ts').then((m) => {
      if (!gone && box.current) remove = m.drawTimeChart(box.current, series, bucket, formatNaira);
    });
    return () => {
      gone = true;
      remove?.();
    };
  }, [series, bucket]);
  return <div ref={box} className="min-h-60 w-full overflow-hidden text-muted-foreground" />;
}

function usePeriod(): [OverviewPeriodChoice, (p: OverviewPeriodChoice) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('period');
  const period = OVERVIEW_PRESETS.includes(raw as OverviewPreset)
    ? (raw as OverviewPreset)
    : 'today';
  const choice: OverviewPeriodChoice =
    period === 'custom'
      ? { period, from: params.get('from') ?? '', to: params.get('to') ?? '' }
      : { period };
  return [choice, (p) => setParams(overviewQueryString(p), { replace: true })];
}

function Charts({ o }: { o: Overview }) {
  const unit = o.period.bucket === 'hour' ? 'Hour' : 'Day';
  const runwayText = (d: number | null) => (d === null ? 'no sales in 7 days' : `${d} days`);
  return (
    <div className="mt-6 grid grid-cols-1 gap-4 lg:grid-cols-2">
      <ChartFigure
        className="lg:col-span-2"
        title={`Revenue and orders per ${unit.toLowerCase()}`}
        table={{
          columns: [unit, 'Revenue', 'Orders'],
          rows: o.series.map((s) => [s.label, formatNaira(s.revenueKobo), s.orders]),
        }}
      >
        <TimeChart series={o.series} bucket={o.period.bucket} />
      </ChartFigure>
      <ChartFigure
        title="Top products by revenue"
        table={{
          columns: ['Product', 'Revenue'],
          rows: o.topByRevenue.map((x) => [x.name, formatNaira(x.revenueKobo)]),
        }}
      >
        <Bars
          rows={o.topByRevenue.map((x) => ({
            label: x.name,
            value: x.revenueKobo,
            text: formatNaira(x.revenueKobo),
          }))}
        />
      </ChartFigure>
      <ChartFigure
        title="Top products by units"
        table={{
          columns: ['Product', 'Accounts sold'],
          rows: o.topByUnits.map((x) => [x.name, x.units]),
        }}
      >
        <Bars
          rows={o.topByUnits.map((x) => ({ label: x.name, value: x.units, text: String(x.units) }))}
        />
      </ChartFigure>
      <ChartFigure
        title={`Stock runway (days left at the last ${RUNWAY_PACE_DAYS} days' pace)`}
        table={{
          columns: [
            'Product',
            'Days left',
            'In stock',
            `Sold in ${RUNWAY_PACE_DAYS} days`,
            'Runs low',
          ],
          rows: o.runway.map((r) => [
            r.name,
            runwayText(r.daysLeft),
            r.stock,
            r.soldLast7Days,
            r.low ? 'yes' : 'no',
          ]),
        }}
      >
        <Bars
          rows={o.runway.map((r) => ({
            label: r.low ? `⚠ ${r.name}` : r.name,
            // No sales in 7 days: a full bar while stock lasts, none when there is none.
            value: r.stock === 0 ? 0 : Math.min(r.daysLeft ?? 30, 30),
            text: `${runwayText(r.daysLeft)} · ${r.stock} left`,
            tone: r.low ? 'bg-red-600' : 'bg-primary',
          }))}
        />
        <p className="mt-3 text-xs text-muted-foreground">
          ⚠ under {RUNWAY_LOW_DAYS} days. Bars stop at 30 days.
        </p>
      </ChartFigure>
      <ChartFigure
        title="Top-up funnel"
        table={{
          columns: ['Step', 'Top-ups'],
          rows: [
            ['Started', o.funnel.started],
            ['Paid', o.funnel.paid],
            ['Failed', o.funnel.failed],
            ['Abandoned (expired)', o.funnel.expired],
            ['Still open', o.funnel.pending],
          ],
        }}
      >
        <Bars
          rows={[
            { label: 'Started', value: o.funnel.started, text: String(o.funnel.started) },
            { label: 'Paid', value: o.funnel.paid, text: String(o.funnel.paid) },
            {
              label: 'Failed',
              value: o.funnel.failed,
              text: String(o.funnel.failed),
              tone: 'bg-red-600',
            },
            {
              label: 'Abandoned (expired)',
              value: o.funnel.expired,
              text: String(o.funnel.expired),
              tone: 'bg-amber-500',
            },
            {
              label: 'Still open',
              value: o.funnel.pending,
              text: String(o.funnel.pending),
              tone: 'bg-muted-foreground',
            },
          ]}
        />
      </ChartFigure>
    </div>
  );
}

export function OverviewView() {
  const [period, setPeriod] = usePeriod();
  const overview = useAdminOverview(period);
  const stats = useAdminStats();
  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <PeriodPicker value={period} onChange={setPeriod} />
        <a
          href={`/api/admin/overview/export.csv?${overviewQueryString(period)}`}
          className={buttonClass({ variant: 'outline', size: 'sm', className: 'w-fit gap-2' })}
        >
          <Download className="h-4 w-4" aria-hidden />
          Export CSV
        </a>
      </div>
      <QueryState query={overview} loading="Loading the overview...">
        {(o) => (
          <>
            <p className="mt-4 text-sm text-muted-foreground">
              {o.period.from === o.period.to ? o.period.from : `${o.period.from} to ${o.period.to}`}{' '}
              (Lagos time), against the same span just before it.
            </p>
            <section aria-label="The period's figures" className="mt-3">
              <FigureCards overview={o} />
            </section>
            <Charts o={o} />
          </>
        )}
      </QueryState>
      {stats.data && (
        <section aria-labelledby="all-time" className="mt-10">
          <h2 id="all-time" className="text-lg font-semibold">
            All time
          </h2>
          <StatsCards stats={stats.data} />
        </section>
      )}
    </div>
  );
}
