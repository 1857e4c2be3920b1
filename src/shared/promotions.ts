// Promo codes and the checkout quote: the admin's input, the closed kinds and scopes, the refusals' exact words, and
// what the API answers. The pricing rule itself is stated once in volume-prices.ts (PRICING_RULE) and in SQL.
import { z } from 'zod';
import { koboSchema, timestampSchema } from './answer-parts.ts';
import type { ErrorCode } from './errors.ts';
import { formatNaira } from './money.ts';
import { MAX_QUANTITY } from './order-quantity.ts';

export const PROMO_KINDS = ['percent', 'fixed'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];
export const PROMO_SCOPES = ['all', 'category', 'product_group'] as const;
export type PromoScope = (typeof PROMO_SCOPES)[number];

/** Why a code does not apply: the purchase function's outcome, its API code, and its words. */
export const PROMO_REFUSALS = {
  promo_unknown: 'PROMO_CODE_UNKNOWN',
  promo_not_started: 'PROMO_CODE_NOT_STARTED',
  promo_expired: 'PROMO_CODE_EXPIRED',
  promo_used_up: 'PROMO_CODE_USED_UP',
  promo_customer_limit: 'PROMO_CODE_CUSTOMER_LIMIT',
  promo_minimum_not_met: 'PROMO_CODE_MINIMUM_NOT_MET',
  promo_not_applicable: 'PROMO_CODE_NOT_APPLICABLE',
} as const satisfies Record<string, ErrorCode>;
export type PromoRefusal = keyof typeof PROMO_REFUSALS;
export const PROMO_REFUSAL_OUTCOMES = Object.keys(PROMO_REFUSALS) as PromoRefusal[];

export const promoMessages = {
  unknown: 'This promo code does not exist.',
  notStarted: 'This promo code is not active yet.',
  expired: 'This promo code has expired.',
  usedUp: 'This promo code has been used up.',
  customerLimit: 'You have already used this promo code as many times as it allows.',
  minimumNotMet: (minOrderKobo: number) =>
    `This promo code needs an order of at least ${formatNaira(minOrderKobo)}.`,
  notApplicable: 'This promo code does not apply to this product.',
  codeFormat: 'Codes are 3 to 32 letters, digits, dashes or underscores.',
  percentRange: 'A percentage off is a whole number from 1 to 100.',
  amountRange: 'Enter the naira amount off.',
  scopeTarget: 'Choose the category or product template the code is for.',
  window: 'The end must be after the start.',
  codeTaken: 'A promo code with this name already exists.',
  notFound: 'Promo code not found',
  created: 'Promo code created successfully!',
  ended: 'Promo code ended.',
} as const;

/** The words of each refusal (the minimum names its amount). */
export function promoRefusalMessage(outcome: PromoRefusal, minOrderKobo = 0): string {
  switch (outcome) {
    case 'promo_unknown':
      return promoMessages.unknown;
    case 'promo_not_started':
      return promoMessages.notStarted;
    case 'promo_expired':
      return promoMessages.expired;
    case 'promo_used_up':
      return promoMessages.usedUp;
    case 'promo_customer_limit':
      return promoMessages.customerLimit;
    case 'promo_minimum_not_met':
      return promoMessages.minimumNotMet(minOrderKobo);
    case 'promo_not_applicable':
      return promoMessages.notApplicable;
  }
}

/** A code as customers type it: case does not matter (stored upper-case). */
export const promoCodeSchema = z
  .string({ error: promoMessages.codeFormat })
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,32}$/, promoMessages.codeFormat)
  .transform((c) => c.toUpperCase());

const count = z.number().int().min(1).max(1_000_000).nullable().default(null);

/** POST /api/admin/promo-codes */
export const promoCodeInputSchema = z
  .object({
    code: promoCodeSchema,
    kind: z.enum(PROMO_KINDS),
    percentOff: z
      .number({ error: promoMessages.percentRange })
      .int(promoMessages.percentRange)
      .min(1, promoMessages.percentRange)
      .max(100, promoMessages.percentRange)
      .nullable()
      .default(null),
    amountOffKobo: z
      .number({ error: promoMessages.amountRange })
      .int(promoMessages.amountRange)
      .min(1, promoMessages.amountRange)
      .max(100_000_000_00, promoMessages.amountRange)
      .nullable()
      .default(null),
    scope: z.enum(PROMO_SCOPES).default('all'),
    categoryId: z.string().trim().min(1).max(80).nullable().default(null),
    productGroupId: z.uuid().nullable().default(null),
    startsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    maxUses: count,
    maxUsesPerCustomer: count,
    minOrderKobo: z.number().int().min(0).max(100_000_000_00).default(0),
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'percent' && c.percentOff === null)
      ctx.addIssue({ code: 'custom', message: promoMessages.percentRange, path: ['percentOff'] });
    if (c.kind === 'fixed' && c.amountOffKobo === null)
      ctx.addIssue({ code: 'custom', message: promoMessages.amountRange, path: ['amountOffKobo'] });
    if (
      (c.scope === 'category' && !c.categoryId) ||
      (c.scope === 'product_group' && !c.productGroupId)
    )
      ctx.addIssue({ code: 'custom', message: promoMessages.scopeTarget, path: ['scope'] });
    if (c.startsAt && c.endsAt && Date.parse(c.endsAt) <= Date.parse(c.startsAt))
      ctx.addIssue({ code: 'custom', message: promoMessages.window, path: ['endsAt'] });
  })
  .transform((c) => ({
    ...c,
    // Only the fields of its kind and scope are kept.
    percentOff: c.kind === 'percent' ? c.percentOff : null,
    amountOffKobo: c.kind === 'fixed' ? c.amountOffKobo : null,
    categoryId: c.scope === 'category' ? c.categoryId : null,
    productGroupId: c.scope === 'product_group' ? c.productGroupId : null,
  }));
export type PromoCodeInput = z.input<typeof promoCodeInputSchema>;

/** A code in the console's Promotions tab: its terms, and how it has sold. */
export const adminPromoCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  percentOff: z.number().int().nullable(),
  amountOffKobo: koboSchema.nullable(),
  scope: z.enum(PROMO_SCOPES),
  /** The category's or template's name when the code is scoped to one. */
  scopeName: z.string().nullable(),
  categoryId: z.string().nullable(),
  productGroupId: z.string().nullable(),
  startsAt: timestampSchema,
  endsAt: timestampSchema.nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerCustomer: z.number().int().nullable(),
  minOrderKobo: koboSchema,
  uses: z.number().int(),
  /** What its orders were paid, and what the code took off them. */
  revenueKobo: koboSchema,
  discountKobo: koboSchema,
  createdAt: timestampSchema,
});
export type AdminPromoCode = z.infer<typeof adminPromoCodeSchema>;
export const adminPromoCodeListSchema = z.object({ promoCodes: z.array(adminPromoCodeSchema) });
export type AdminPromoCodeList = z.infer<typeof adminPromoCodeListSchema>;

/** POST /api/orders/quote: what a purchase of this would cost now, by the purchase's own SQL. */
export const quoteInputSchema = z.object({
  productGroupId: z.uuid(),
  quantity: z.number().int().min(1).max(MAX_QUANTITY),
  promoCode: promoCodeSchema.optional(),
});
export type QuoteInput = z.input<typeof quoteInputSchema>;
export const quoteSchema = z.object({
  listPriceKobo: koboSchema,
  unitPriceKobo: koboSchema,
  quantity: z.number().int(),
  /** List price × quantity, and the tier's unit price × quantity. */
  listAmountKobo: koboSchema,
  subtotalKobo: koboSchema,
  discountKobo: koboSchema,
  totalKobo: koboSchema,
  promoCode: z.string().nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** Whether a code may still be used now (the console's status column). */
export function promoStatus(
  c: Pick<AdminPromoCode, 'startsAt' | 'endsAt' | 'maxUses' | 'uses'>,
  now = Date.now(),
): 'Scheduled' | 'Active' | 'Ended' | 'Used up' {
  if (c.maxUses !== null && c.uses >= c.maxUses) return 'Used up';
  if (c.endsAt !== null && Date.parse(c.endsAt) <= now) return 'Ended';
  if (Date.parse(c.startsAt) > now) return 'Scheduled';
  return 'Active';
}
