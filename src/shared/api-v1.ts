// The reseller API's answers (/api/v1), declared apart from the web app's so that what /api/v1 answers never changes
// shape under its callers: the routes validate every answer against these (undeclared fields are dropped), and the
// OpenAPI document (/api/v1/openapi.json) is generated from them. A change here is a change of the public API.
import { z } from 'zod';
import { koboSchema, timestampSchema } from './answer-parts.ts';
import { ORDER_STATUSES, purchaseSchema } from './orders.ts';
import { PAYMENT_STATUSES } from './payments.ts';

const kobo = koboSchema.min(0).describe('Money in kobo (1 naira = 100 kobo), an integer.');
const moment = timestampSchema
  .pipe(z.iso.datetime({ offset: true }))
  .describe('ISO 8601 date-time, UTC.');
const count = (min: number) => z.number().int().min(min);

/** What /api/v1 says when a request is not one it can read (the web app's own messages stay as they are). */
export const v1Messages = {
  idempotencyMissing:
    'Missing Idempotency-Key header: send one unique key (8 to 100 characters) per purchase.',
  idempotencyLength: 'The Idempotency-Key header must be 8 to 100 characters long.',
  productIdInvalid:
    'productGroupId is required: the id (a uuid) of a product from /api/v1/catalogue.',
  accountIdInvalid: 'accountId must be the id (a uuid) of an account on sale.',
  orderIdInvalid: 'The order id must be a uuid (the id an order was answered with).',
  unknownField: (field: string) =>
    `Unknown field "${field}": a purchase takes productGroupId, quantity, accountId and promoCode only.`,
} as const;

/** POST /api/v1/orders: the web checkout's purchase, closed (an unknown field is refused), with the API's messages. */
export const v1PurchaseBodySchema = z.strictObject(
  {
    ...purchaseSchema.shape,
    productGroupId: z.uuid({ error: v1Messages.productIdInvalid }),
    accountId: z.uuid({ error: v1Messages.accountIdInvalid }).optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? v1Messages.unknownField(issue.keys[0] ?? '')
        : 'The body must be a JSON object.',
  },
);

export const v1CategorySchema = z
  .object({ id: z.string(), name: z.string(), description: z.string() })
  .meta({ id: 'Category' });

export const v1ProductSchema = z
  .object({
    id: z.uuid().describe('The product group id: what POST /api/v1/orders buys from.'),
    categoryId: z.string(),
    categoryName: z.string(),
    name: z.string(),
    description: z.string(),
    priceKobo: kobo.describe('Price of one account, in kobo.'),
    stockCount: count(0).describe('Accounts available now.'),
    minOrderQuantity: count(1),
    maxOrderQuantity: count(1).nullable().describe('null: no limit of its own.'),
    volumePrices: z
      .array(z.object({ minQuantity: count(1), priceKobo: kobo }))
      .describe(
        'Volume prices: an order of at least minQuantity accounts pays priceKobo for each (the highest tier it reaches).',
      ),
  })
  .meta({ id: 'Product' });

export const v1CatalogueSchema = z
  .object({ categories: z.array(v1CategorySchema), products: z.array(v1ProductSchema) })
  .meta({ id: 'Catalogue' });
export type V1Catalogue = z.infer<typeof v1CatalogueSchema>;

export const v1BalanceSchema = z
  .object({ balanceKobo: kobo, currency: z.literal('NGN') })
  .meta({ id: 'Balance' });
export type V1Balance = z.infer<typeof v1BalanceSchema>;

export const v1OrderSchema = z
  .object({
    id: z.uuid(),
    productGroupId: z.string(),
    productName: z.string(),
    category: z.string(),
    quantity: count(1),
    pricePerUnitKobo: kobo.describe(
      'What each account cost: the volume price at this quantity, else the list price.',
    ),
    listAmountKobo: kobo.describe(
      'The list price × quantity, before the volume price and the promo code.',
    ),
    discountKobo: kobo.describe("The promo code's discount (0: none)."),
    promoCode: z.string().nullable().describe('The promo code used, if any.'),
    amountKobo: kobo.describe('What was paid: the volume price × quantity, less the discount.'),
    status: z.enum(ORDER_STATUSES),
    createdAt: moment,
    warrantyEndsAt: moment
      .nullable()
      .describe('Until when a bad account can be reported; null: no longer.'),
  })
  .meta({ id: 'Order' });

export const v1PurchaseResultSchema = z
  .object({
    order: v1OrderSchema,
    balanceKobo: kobo.describe('The wallet balance after the purchase.'),
  })
  .meta({ id: 'PurchaseResult' });
export type V1PurchaseResult = z.infer<typeof v1PurchaseResultSchema>;

export const v1OrderListSchema = z
  .object({ orders: z.array(v1OrderSchema) })
  .meta({ id: 'OrderList' });
export type V1OrderList = z.infer<typeof v1OrderListSchema>;

export const v1CredentialsSchema = z
  .object({
    orderId: z.string(),
    productName: z.string(),
    category: z.string(),
    accounts: z.array(
      z.object({
        accountNumber: count(1),
        username: z.string(),
        password: z.string(),
        email: z.string().nullable(),
        emailPassword: z.string().nullable(),
        twoFaCode: z.string().nullable(),
        additionalInfo: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
      }),
    ),
  })
  .meta({ id: 'OrderCredentials' });
export type V1Credentials = z.infer<typeof v1CredentialsSchema>;

export const v1TopupSchema = z
  .object({
    reference: z.string(),
    amountKobo: kobo,
    status: z.enum(PAYMENT_STATUSES),
    createdAt: moment,
    completedAt: moment.nullable(),
  })
  .meta({ id: 'Topup' });
export type V1Topup = z.infer<typeof v1TopupSchema>;

export const v1TopupListSchema = z
  .object({ topups: z.array(v1TopupSchema) })
  .meta({ id: 'TopupList' });
export type V1TopupList = z.infer<typeof v1TopupListSchema>;

/** The newest top-ups /api/v1/topups lists. */
export const V1_TOPUPS_SHOWN = 100;

/** Every named schema of the API: the OpenAPI document's components (server/modules/api-v1/openapi-document.ts). */
export const v1NamedSchemas = [
  v1CategorySchema,
  v1ProductSchema,
  v1CatalogueSchema,
  v1BalanceSchema,
  v1OrderSchema,
  v1PurchaseResultSchema,
  v1OrderListSchema,
  v1CredentialsSchema,
  v1TopupSchema,
  v1TopupListSchema,
];
