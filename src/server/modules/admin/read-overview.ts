// The owner's Overview for a period, in one answer: each module reads what it owns, in parallel, and this puts the
// figures side by side with the span before (docs/decisions/031-owner-overview.md).
import {
  RUNWAY_LOW_DAYS,
  RUNWAY_PACE_DAYS,
  type Overview,
  type OverviewQuery,
} from '../../../shared/admin-overview.ts';
import { shopDay, shopHourLabel } from '../../../shared/shop-time.ts';
import type { Db } from '../../db/client.ts';
import { readCustomerFigures } from '../auth/read-customer-figures.ts';
import { readGroupStock } from '../catalogue/read-group-stock.ts';
import { readSalesFigures } from '../orders/read-sales-figures.ts';
import { readTopupFigures } from '../payments/read-topup-figures.ts';
import { readAfterSaleFigures } from '../reports/read-after-sale-figures.ts';
import { overviewPeriod } from './overview-period.ts';

const TOP = 5;
const average = (revenue: number, orders: number) => (orders ? Math.round(revenue / orders) : 0);

export async function readOverview(db: Db, q: OverviewQuery, now = new Date()): Promise<Overview> {
  const p = overviewPeriod(q, now);
  const [sales, topups, customers, afterSale, groups] = await Promise.all([
    readSalesFigures(db, p),
    readTopupFigures(db, p),
    readCustomerFigures(db, p),
    readAfterSaleFigures(db, p),
    readGroupStock(db),
  ]);
  const names = new Map(groups.map((g) => [g.id, g.name]));
  const products = sales.products.map((x) => ({ ...x, name: names.get(x.productGroupId) ?? '?' }));
  const top = (key: 'revenueKobo' | 'units') =>
    products
      .filter((x) => x[key] > 0)
      .sort((a, b) => b[key] - a[key] || a.name.localeCompare(b.name))
      .slice(0, TOP);
  const { current: c, previous: v } = sales;
  return {
    period: {
      preset: p.preset,
      from: p.from,
      to: p.to,
      bucket: p.bucket,
      start: p.start.toISOString(),
      end: p.cutoff.toISOString(),
      previousStart: p.previousStart.toISOString(),
      previousEnd: p.previousEnd.toISOString(),
    },
    figures: {
      revenueKobo: { current: c.revenueKobo, previous: v.revenueKobo },
      orders: { current: c.orders, previous: v.orders },
      accountsSold: { current: c.units, previous: v.units },
      averageOrderKobo: {
        current: average(c.revenueKobo, c.orders),
        previous: average(v.revenueKobo, v.orders),
      },
      topupsCreditedKobo: topups.creditedKobo,
      newCustomers: customers.newCustomers,
      refunds: afterSale.refunds,
      replacements: afterSale.replacements,
    },
    balancesHeldKobo: customers.balancesHeldKobo,
    series: p.buckets.map((at) => {
      const b = sales.buckets.get(at.getTime());
      return {
        start: at.toISOString(),
        label: p.bucket === 'hour' ? shopHourLabel(at).slice(11) : shopDay(at),
        revenueKobo: b?.revenueKobo ?? 0,
        orders: b?.orders ?? 0,
      };
    }),
    topByRevenue: top('revenueKobo'),
    topByUnits: top('units'),
    runway: groups
      .filter((g) => g.isActive)
      .map((g) => {
        const sold = sales.paceUnits.get(g.id) ?? 0;
        const daysLeft = sold ? Math.round((g.stock / (sold / RUNWAY_PACE_DAYS)) * 10) / 10 : null;
        return {
          productGroupId: g.id,
          name: g.name,
          stock: g.stock,
          soldLast7Days: sold,
          daysLeft,
          low: daysLeft !== null && daysLeft < RUNWAY_LOW_DAYS,
        };
      })
      .sort(
        (a, b) =>
          (a.daysLeft ?? Infinity) - (b.daysLeft ?? Infinity) || a.name.localeCompare(b.name),
      ),
    funnel: topups.funnel,
  };
}
