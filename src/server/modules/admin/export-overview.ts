// The Overview's figures as CSV (the house's csvExport: formula-looking cells neutralised): one row per number,
// section, item, measure and value, so a spreadsheet can pivot it however the owner likes.
import { Readable } from 'node:stream';
import {
  MONEY_FIGURES,
  overviewFigureLabels,
  type Overview,
  type OverviewFigure,
} from '../../../shared/admin-overview.ts';
import { koboToNaira } from '../../../shared/money.ts';
import { csvExport } from '../../http/csv-export.ts';

const naira = (kobo: number) => koboToNaira(kobo).toFixed(2);

function* rows(o: Overview): Generator<(string | number)[]> {
  for (const [key, pair] of Object.entries(o.figures) as [
    OverviewFigure,
    { current: number; previous: number },
  ][]) {
    const money = MONEY_FIGURES.has(key);
    const label = overviewFigureLabels[key] + (money ? ' (naira)' : '');
    yield ['figures', label, 'period', money ? naira(pair.current) : pair.current];
    yield ['figures', label, 'previous period', money ? naira(pair.previous) : pair.previous];
  }
  yield ['figures', 'Customer balances held (naira)', 'now', naira(o.balancesHeldKobo)];
  for (const s of o.series) {
    yield ['revenue and orders over time', s.label, 'revenue (naira)', naira(s.revenueKobo)];
    yield ['revenue and orders over time', s.label, 'orders', s.orders];
  }
  for (const x of o.topByRevenue)
    yield ['top products by revenue', x.name, 'revenue (naira)', naira(x.revenueKobo)];
  for (const x of o.topByUnits) yield ['top products by units', x.name, 'units', x.units];
  for (const x of o.runway) yield ['stock runway', x.name, 'days left', x.daysLeft ?? ''];
  for (const [step, n] of Object.entries(o.funnel)) yield ['top-up funnel', step, 'top-ups', n];
}

export function exportOverview(o: Overview): Readable {
  return Readable.from(rows(o)).pipe(csvExport(['section', 'item', 'measure', 'value']));
}
