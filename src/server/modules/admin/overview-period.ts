// The Overview's period as moments: its days in the shop's zone, the part of it already lived (to the end of the
// current hour: the rollup counts whole hours), the same span just before it, and its chart's buckets.
import {
  RUNWAY_PACE_DAYS,
  type OverviewPreset,
  type OverviewQuery,
} from '../../../shared/admin-overview.ts';
import { addDays, shopDay, shopMidnight } from '../../../shared/shop-time.ts';

const HOUR = 3_600_000;
const presetDays: Record<Exclude<OverviewPreset, 'custom'>, number> = {
  today: 1,
  '7d': 7,
  '30d': 30,
  '90d': 90,
};

export type OverviewPeriod = {
  preset: OverviewPreset;
  from: string;
  to: string;
  bucket: 'hour' | 'day';
  start: Date;
  /** The end of the period's last day. */
  end: Date;
  /** The end of what is compared: the period's end, or the end of the current hour if sooner. */
  cutoff: Date;
  previousStart: Date;
  previousEnd: Date;
  /** Where the stock runway's pace starts: the last 7 days, in whole hours. */
  paceStart: Date;
  /** Each chart bucket's start. */
  buckets: Date[];
};

export function overviewPeriod(q: OverviewQuery, now = new Date()): OverviewPeriod {
  const today = shopDay(now);
  const [from, to] =
    q.period === 'custom' ? [q.from!, q.to!] : [addDays(today, 1 - presetDays[q.period]), today];
  const start = shopMidnight(from);
  const end = shopMidnight(addDays(to, 1));
  const thisHourEnd = new Date(Math.floor(now.getTime() / HOUR) * HOUR + HOUR);
  const cutoff = new Date(
    Math.max(start.getTime(), Math.min(end.getTime(), thisHourEnd.getTime())),
  );
  const previousStart = new Date(2 * start.getTime() - end.getTime());
  const previousEnd = new Date(previousStart.getTime() + cutoff.getTime() - start.getTime());
  const bucket = from === to ? 'hour' : 'day';
  const buckets: Date[] = [];
  if (bucket === 'hour')
    for (let t = start.getTime(); t < end.getTime(); t += HOUR) buckets.push(new Date(t));
  else for (let d = from; d <= to; d = addDays(d, 1)) buckets.push(shopMidnight(d));
  const paceStart = new Date(thisHourEnd.getTime() - HOUR - RUNWAY_PACE_DAYS * 24 * HOUR);
  return {
    preset: q.period,
    from,
    to,
    bucket,
    start,
    end,
    cutoff,
    previousStart,
    previousEnd,
    paceStart,
    buckets,
  };
}
