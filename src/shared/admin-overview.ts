// The owner's Overview (GET /api/admin/overview): the period asked for, and the answer for it against the one
// before it. Days and hours are the shop's (Africa/Lagos).
import { z } from 'zod';
import { koboSchema, timestampSchema } from './answer-parts.ts';

export const SHOP_TIME_ZONE = 'Africa/Lagos';
export const OVERVIEW_PRESETS = ['today', '7d', '30d', '90d', 'custom'] as const;
export type OverviewPreset = (typeof OVERVIEW_PRESETS)[number];
export const overviewPresetLabels: Record<OverviewPreset, string> = {
  today: 'Today',
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
  custom: 'Custom range',
};
/** A custom range is at most this many days (a year and a day). */
export const MAX_RANGE_DAYS = 366;
/** Stock runway: days left at the last 7 days' pace; fewer than this is flagged. */
export const RUNWAY_PACE_DAYS = 7;
export const RUNWAY_LOW_DAYS = 3;

export const overviewMessages = {
  badRange: 'Choose a start date on or before the end date.',
  rangeTooLong: `Choose a range of at most ${MAX_RANGE_DAYS} days.`,
} as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD.');
export const overviewQuerySchema = z
  .object({
    period: z.enum(OVERVIEW_PRESETS).default('today'),
    from: day.optional(),
    to: day.optional(),
  })
  .refine((q) => q.period !== 'custom' || (q.from && q.to && q.from <= q.to), {
    message: overviewMessages.badRange,
  })
  .refine(
    (q) =>
      q.period !== 'custom' ||
      !q.from ||
      !q.to ||
      (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_RANGE_DAYS,
    { message: overviewMessages.rangeTooLong },
  );
export type OverviewQuery = z.infer<typeof overviewQuerySchema>;

const pair = z.object({ current: z.number(), previous: z.number() });
const FIGURES = [
  'revenueKobo',
  'orders',
  'accountsSold',
  'averageOrderKobo',
  'topupsCreditedKobo',
  'newCustomers',
  'refunds',
  'replacements',
] as const;
export type OverviewFigure = (typeof FIGURES)[number];
const productFigure = z.object({
  productGroupId: z.string(),
  name: z.string(),
  revenueKobo: koboSchema,
  units: z.number().int(),
});

export const overviewSchema = z.object({
  period: z.object({
    preset: z.enum(OVERVIEW_PRESETS),
    /** The first and last day of the period (inclusive), in the shop's zone. */
    from: day,
    to: day,
    bucket: z.enum(['hour', 'day']),
    /** The moments compared: [start, end) and the same length just before it, ending at most now's hour. */
    start: timestampSchema,
    end: timestampSchema,
    previousStart: timestampSchema,
    previousEnd: timestampSchema,
  }),
  figures: z.object(
    Object.fromEntries(FIGURES.map((f) => [f, pair])) as Record<OverviewFigure, typeof pair>,
  ),
  /** The sum of every wallet now: what the shop owes its customers. */
  balancesHeldKobo: koboSchema,
  /** One point per hour (a day's period) or per day, the whole period, empty buckets included. */
  series: z.array(
    z.object({
      start: timestampSchema,
      label: z.string(),
      revenueKobo: koboSchema,
      orders: z.number().int(),
    }),
  ),
  topByRevenue: z.array(productFigure),
  topByUnits: z.array(productFigure),
  runway: z.array(
    z.object({
      productGroupId: z.string(),
      name: z.string(),
      stock: z.number().int(),
      soldLast7Days: z.number().int(),
      /** null: nothing sold in the last 7 days, so no pace to run out at. */
      daysLeft: z.number().nullable(),
      low: z.boolean(),
    }),
  ),
  funnel: z.object({
    started: z.number().int(),
    paid: z.number().int(),
    failed: z.number().int(),
    expired: z.number().int(),
    pending: z.number().int(),
  }),
});
export type Overview = z.infer<typeof overviewSchema>;

export const overviewFigureLabels: Record<OverviewFigure, string> = {
  revenueKobo: 'Revenue',
  orders: 'Orders',
  accountsSold: 'Accounts sold',
  averageOrderKobo: 'Average order',
  topupsCreditedKobo: 'Top-ups credited',
  newCustomers: 'New customers',
  refunds: 'Refunds',
  replacements: 'Replacements',
};
export const MONEY_FIGURES: ReadonlySet<OverviewFigure> = new Set([
  'revenueKobo',
  'averageOrderKobo',
  'topupsCreditedKobo',
]);
