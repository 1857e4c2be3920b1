// Reselling a supplier's stock (issue 54): another store of this kind whose reseller API (/api/v1) we buy from with
// an API key of a customer account there. What the console sends and reads, the statuses, the messages.
import { z } from 'zod';
import { koboSchema, timestampSchema } from './answer-parts.ts';

/** ok: the last check answered; key_refused: the supplier said 401/403 to our key; unreachable: no answer. */
export const SUPPLIER_STATUSES = ['ok', 'key_refused', 'unreachable'] as const;
export type SupplierStatus = (typeof SUPPLIER_STATUSES)[number];

/**
 * One purchase from a supplier, bought for one of our orders (upstream_purchases.status):
 * pending: its outcome is not known yet (not sent, or sent and the answer lost: sent again under the same
 * Idempotency-Key until known; our order is `processing`); delivered: the supplier's credentials are sealed on our
 * order (`completed`); refused: the supplier said no, our customer was refunded in full (`failed`).
 */
export const UPSTREAM_PURCHASE_STATUSES = ['pending', 'delivered', 'refused'] as const;
export type UpstreamPurchaseStatus = (typeof UPSTREAM_PURCHASE_STATUSES)[number];

/** fixed: our price is the group's own; markup: the supplier's price plus a percentage, rounded up to the kobo. */
export const SUPPLIER_PRICE_RULES = ['fixed', 'markup'] as const;
export type SupplierPriceRule = (typeof SUPPLIER_PRICE_RULES)[number];

/** Markups are kept in basis points (1 % = 100), so a price is computed in integers. */
export const MAX_MARKUP_BASIS_POINTS = 100_000;
/** The balance under which the console warns, when the owner sets none: ₦10,000. */
export const DEFAULT_LOW_SUPPLIER_BALANCE_KOBO = 1_000_000;

/** Our price for a supplier's price under a markup: integer kobo, rounded up so we never sell under cost. */
export function markedUpPriceKobo(supplierPriceKobo: number, markupBasisPoints: number): number {
  return Math.ceil((supplierPriceKobo * (10_000 + markupBasisPoints)) / 10_000);
}

export const supplierMessages = {
  baseUrlInvalid: "Enter the supplier's store address, such as https://supplier.example.",
  apiKeyRequired: 'Enter an API key from your customer account at the supplier.',
  nameRequired: 'Enter a name for this supplier (at most 80 characters).',
  keyRefused: 'The supplier refused this API key. Create a new key in your account there.',
  unreachable: 'The supplier did not answer. Check the address and try again.',
  notAStore: 'This address does not answer like a store reseller API (/api/v1/catalogue).',
  alreadyConnected: 'This supplier is already connected.',
  notFound: 'Supplier not found',
  productNotFound: 'Supplier product not found',
  alreadyListed: 'This supplier product is already listed.',
  markupInvalid: 'Enter a markup between 0 and 1000 %.',
  lowBalance: (balance: string) =>
    `Your balance at this supplier is low (${balance}). Top it up there so purchases keep going through.`,
  connected: 'Supplier connected.',
  updated: 'Supplier saved.',
  webhookSecretInvalid:
    'Paste the signing secret the supplier showed for your webhook (at least 8 characters).',
  refreshed: 'Supplier refreshed.',
  listed: 'Listed for sale.',
  /** What our customer reads when the supplier refuses; they have their money back at once. */
  supplierOutOfStock:
    'This product just sold out at our supplier. Your wallet has been refunded in full.',
  supplierRefused:
    'Our supplier could not fulfil this order right now. Your wallet has been refunded in full.',
  processing:
    'Your order is processing: we are collecting your accounts from our supplier. This page updates by itself.',
} as const;

export const connectSupplierSchema = z.object({
  name: z
    .string({ error: supplierMessages.nameRequired })
    .trim()
    .min(1, supplierMessages.nameRequired)
    .max(80, supplierMessages.nameRequired),
  baseUrl: z
    .string({ error: supplierMessages.baseUrlInvalid })
    .trim()
    .max(300, supplierMessages.baseUrlInvalid)
    .pipe(z.url({ protocol: /^https?$/, error: supplierMessages.baseUrlInvalid })),
  apiKey: z
    .string({ error: supplierMessages.apiKeyRequired })
    .trim()
    .min(8, supplierMessages.apiKeyRequired)
    .max(200, supplierMessages.apiKeyRequired),
  lowBalanceKobo: koboSchema.min(0).optional(),
  /** The signing secret the supplier showed when the owner registered our webhook URL there (optional). */
  webhookSecret: z.string().trim().max(200).optional(),
});
export type ConnectSupplier = z.infer<typeof connectSupplierSchema>;

/** Our side of a supplier product listed for sale: the group's own name, category and price rule. */
export const listSupplierProductSchema = z.discriminatedUnion('priceRule', [
  z.object({
    priceRule: z.literal('fixed'),
    name: z.string().trim().min(1).max(200),
    categoryId: z.string().min(1),
    priceKobo: koboSchema.min(1),
  }),
  z.object({
    priceRule: z.literal('markup'),
    name: z.string().trim().min(1).max(200),
    categoryId: z.string().min(1),
    markupBasisPoints: z
      .number({ error: supplierMessages.markupInvalid })
      .int(supplierMessages.markupInvalid)
      .min(0, supplierMessages.markupInvalid)
      .max(MAX_MARKUP_BASIS_POINTS, supplierMessages.markupInvalid),
  }),
]);
export type ListSupplierProduct = z.infer<typeof listSupplierProductSchema>;

export const supplierProductSchema = z.object({
  id: z.uuid(),
  upstreamId: z.string(),
  name: z.string(),
  categoryName: z.string(),
  priceKobo: koboSchema,
  stockCount: z.number().int().min(0),
  /** false: no longer in the supplier's catalogue (our listing shows no stock). */
  offered: z.boolean(),
  /** Our product group selling it, if listed. */
  listing: z
    .object({
      productGroupId: z.uuid(),
      name: z.string(),
      priceKobo: koboSchema,
      priceRule: z.enum(SUPPLIER_PRICE_RULES),
      markupBasisPoints: z.number().int().nullable(),
    })
    .nullable(),
});
export type SupplierProduct = z.infer<typeof supplierProductSchema>;

export const supplierSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  baseUrl: z.string(),
  /** The key's last four characters: the key itself never leaves the server. */
  keyHint: z.string(),
  status: z.enum(SUPPLIER_STATUSES),
  lastError: z.string().nullable(),
  balanceKobo: koboSchema.nullable(),
  lowBalanceKobo: koboSchema,
  balanceLow: z.boolean(),
  lastCheckedAt: timestampSchema.nullable(),
  /** Where the owner registers our webhook at the supplier (its /profile → Webhooks), for stock updates. */
  webhookUrl: z.string(),
  products: z.array(supplierProductSchema),
});
export type Supplier = z.infer<typeof supplierSchema>;
export const supplierListSchema = z.object({ suppliers: z.array(supplierSchema) });
export type SupplierList = z.infer<typeof supplierListSchema>;
/** What a change in the console answers: its message and the suppliers as they are now. */
export const supplierChangeSchema = supplierListSchema.extend({ message: z.string() });
export type SupplierChange = z.infer<typeof supplierChangeSchema>;

/** PATCH /api/admin/suppliers/:id: the webhook's signing secret (after registering our address there), the threshold. */
export const updateSupplierSchema = z
  .object({
    webhookSecret: z
      .string()
      .trim()
      .min(8, supplierMessages.webhookSecretInvalid)
      .max(200)
      .optional(),
    lowBalanceKobo: koboSchema.min(0).optional(),
  })
  .refine((v) => v.webhookSecret !== undefined || v.lowBalanceKobo !== undefined, {
    error: supplierMessages.webhookSecretInvalid,
  });
export type UpdateSupplier = z.infer<typeof updateSupplierSchema>;
