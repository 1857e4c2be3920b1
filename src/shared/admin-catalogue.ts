// The admin console's catalogue and stock contract: input schemas, exact SPEC.md messages, response types.
import { z } from 'zod';
import { detailsSchema, timestampSchema } from './answer-parts.ts';
import { publicGroupSchema } from './catalogue-answers.ts';
import { MAX_QUANTITY } from './order-quantity.ts';

export const adminMessages = {
  categoryNameRequired: 'Please fill in category name',
  productGroupRequired: 'Please fill in all required fields',
  accountRequired:
    'Please fill in all required fields (title, category, price, username, password)',
  categoryNotFound: 'Selected category not found',
  categoryExists: 'A category with this name already exists',
  categoryHasProductGroups:
    'Cannot delete a category that still has product templates. Move or delete them first.',
  productGroupNotFound: 'Product template not found',
  accountNotFound: 'Account not found',
  deleteHasOrders:
    'Cannot delete product group that has existing orders. Please archive it instead or contact support.',
  deleteHasAccounts:
    'Cannot delete product group that has existing accounts. Please remove all accounts first.',
  deleteArchived: 'Restore the template before deleting it: only active templates can be deleted.',
  accountSold: 'A sold account belongs to an order and cannot be changed or deleted.',
  duplicateAccount: 'This template already has an account with that username or e-mail.',
  invalidPrice: 'Please enter a valid price',
  volumePrices: `Volume prices are for 2 to ${MAX_QUANTITY} accounts, each tier for more accounts at a lower price than the one before (the first below the list price)`,
  orderQuantityRange: `Quantities per order are whole numbers from 1 to ${MAX_QUANTITY}, the maximum not below the minimum`,
  categoryCreated: 'Category created successfully!',
  categoryUpdated: 'Category updated successfully!',
  categoryDeleted: 'Category deleted successfully!',
  accountUpdated: 'Account updated successfully!',
  accountDeleted: 'Account deleted successfully!',
  productGroupCreated: 'Product template created successfully!',
  productGroupUpdated: 'Product template updated successfully!',
  productGroupDeleted: 'Product template deleted successfully!',
  productGroupArchived: 'Product template archived successfully!',
  productGroupRestored: 'Product template restored successfully!',
  accountAdded: 'Product added successfully!',
} as const;

export const csvMessages = {
  selectFile: 'Please select a CSV file',
  selectProductGroup: 'Please select a product template',
  emptyOrInvalid: 'CSV file is empty or invalid',
  noData: 'No account data provided',
  noPassword: 'CSV must contain password field',
  noIdentity: 'CSV must contain either email or username field (or both)',
  noValidRows: 'No valid accounts found in CSV',
  allFailed: 'Failed to create accounts',
  processFailed: 'Failed to process CSV file',
  // SPEC.md's 'Successfully uploaded {n} accounts!', in the singular for one.
  uploaded: (n: number) => `Successfully uploaded ${n} account${n === 1 ? '' : 's'}!`,
  partlyFailed: (n: number) => `${n} accounts failed to create`,
  tooLarge: (limitMb: number) =>
    `The CSV file is larger than the ${limitMb} MB limit. Split it into smaller files.`,
} as const;

/** Upload limit for one CSV file: about 200,000 typical rows. */
export const CSV_MAX_BYTES = 20 * 1024 * 1024;
export const CSV_MAX_MB = CSV_MAX_BYTES / (1024 * 1024);

/** Category id: the lowercased name with spaces turned to hyphens (SPEC.md §3), kept URL-safe. */
export function categorySlug(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

const text = (max: number) => z.string().trim().max(max);
const priceKobo = z.number().int().min(0).max(100_000_000_00);
const orderQuantity = z
  .number({ error: adminMessages.orderQuantityRange })
  .int(adminMessages.orderQuantityRange)
  .min(1, adminMessages.orderQuantityRange)
  .max(MAX_QUANTITY, adminMessages.orderQuantityRange);
const features = z.array(text(80).min(1)).max(30).default([]);
const details = z
  .record(z.string().max(60), z.union([z.string().max(500), z.number(), z.boolean()]))
  .default({});

export const categoryInputSchema = z.object({
  name: z
    .string({ error: adminMessages.categoryNameRequired })
    .trim()
    .min(1, adminMessages.categoryNameRequired)
    .max(80),
  description: text(500).default(''),
});
export const categoryUpdateSchema = categoryInputSchema.extend({
  isActive: z.boolean().optional(),
});

const required = (max: number) =>
  z
    .string({ error: adminMessages.productGroupRequired })
    .trim()
    .min(1, adminMessages.productGroupRequired)
    .max(max);

export const productGroupInputSchema = z
  .object({
    productName: required(120),
    categoryId: required(80),
    priceKobo: priceKobo
      .or(z.undefined())
      .refine((v) => v !== undefined, adminMessages.productGroupRequired),
    description: text(1000).default(''),
    features,
    /** How many accounts one order may hold: at least min, at most max (null: no limit of the group's own). */
    minOrderQuantity: orderQuantity.default(1),
    maxOrderQuantity: orderQuantity.nullable().default(null),
    /** Volume prices: from minQuantity accounts, priceKobo each (src/shared/volume-prices.ts). */
    volumePrices: z
      .array(
        z.object({
          minQuantity: z
            .number({ error: adminMessages.volumePrices })
            .int(adminMessages.volumePrices)
            .min(2, adminMessages.volumePrices)
            .max(MAX_QUANTITY, adminMessages.volumePrices),
          priceKobo,
        }),
      )
      .max(10)
      .default([])
      .transform((tiers) => [...tiers].sort((a, b) => a.minQuantity - b.minQuantity)),
  })
  .refine((g) => g.maxOrderQuantity === null || g.maxOrderQuantity >= g.minOrderQuantity, {
    message: adminMessages.orderQuantityRange,
    path: ['maxOrderQuantity'],
  })
  // Each tier for more accounts at a lower price than the one below it (the first: below the list price).
  .refine(
    (g) =>
      g.volumePrices.every(
        (t, i) =>
          t.priceKobo < (i === 0 ? g.priceKobo! : g.volumePrices[i - 1]!.priceKobo) &&
          (i === 0 || t.minQuantity > g.volumePrices[i - 1]!.minQuantity),
      ),
    { message: adminMessages.volumePrices, path: ['volumePrices'] },
  );
export const productGroupUpdateSchema = productGroupInputSchema;

const accountRequired = (max: number) =>
  z
    .string({ error: adminMessages.accountRequired })
    .trim()
    .min(1, adminMessages.accountRequired)
    .max(max);
const optionalText = (max: number) =>
  text(max)
    .optional()
    .transform((v) => (v ? v : null));

export const addAccountSchema = z.object({
  title: accountRequired(120),
  categoryId: accountRequired(80),
  priceKobo: priceKobo
    .or(z.undefined())
    .refine((v) => v !== undefined, adminMessages.accountRequired),
  username: accountRequired(200),
  password: z
    .string({ error: adminMessages.accountRequired })
    .min(1, adminMessages.accountRequired)
    .max(500),
  email: optionalText(254),
  emailPassword: optionalText(500),
  twoFaCode: optionalText(500),
  details,
});

export const accountUpdateSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(200),
  /** Omitted: keep the stored e-mail; empty: remove it. */
  email: text(254)
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
  /** Omitted or empty: keep the stored secret. */
  password: z.string().max(500).optional(),
  emailPassword: z.string().max(500).optional(),
  twoFaCode: z.string().max(500).optional(),
  status: z.enum(['available', 'reserved']),
  details,
});

export type CategoryInput = z.input<typeof categoryInputSchema>;
export type ProductGroupInput = z.input<typeof productGroupInputSchema>;
export type AddAccountInput = z.input<typeof addAccountSchema>;
export type AccountUpdateInput = z.input<typeof accountUpdateSchema>;

export const adminCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  productGroupCount: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;
/** A product group as the public sees it, with the admin's counts and state. */
export const adminProductGroupSchema = publicGroupSchema.extend({
  accountCount: z.number().int(),
  soldCount: z.number().int(),
  isActive: z.boolean(),
  createdAt: timestampSchema,
});
export type AdminProductGroup = z.infer<typeof adminProductGroupSchema>;
/** An account's state (table individual_accounts.status). replaced and refunded: reported bad after the sale;
 * they keep their order and are never sold again. */
export const ACCOUNT_STATUSES = ['available', 'reserved', 'sold', 'replaced', 'refunded'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export const adminAccountSchema = z.object({
  id: z.string(),
  productGroupId: z.string(),
  productGroupName: z.string(),
  categoryName: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  status: z.enum(ACCOUNT_STATUSES),
  details: detailsSchema,
  soldAt: timestampSchema.nullable(),
  orderId: z.string().nullable(),
  createdAt: timestampSchema,
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;
/** The account details modal: credentials decrypted for admins only. */
export const adminAccountDetailsSchema = adminAccountSchema.extend({
  password: z.string(),
  emailPassword: z.string().nullable(),
  twoFaCode: z.string().nullable(),
});
export type AdminAccountDetails = z.infer<typeof adminAccountDetailsSchema>;

/** GET /api/admin/catalogue */
export const adminCatalogueSchema = z.object({
  categories: z.array(adminCategorySchema),
  productGroups: z.array(adminProductGroupSchema),
});
export type AdminCatalogue = z.infer<typeof adminCatalogueSchema>;
/** GET /api/admin/accounts?productGroupId&status&search&limit&offset */
export const adminAccountListSchema = z.object({
  accounts: z.array(adminAccountSchema),
  total: z.number().int(),
});
export type AdminAccountList = z.infer<typeof adminAccountListSchema>;
export const accountListQuerySchema = z.object({
  productGroupId: z.uuid().optional(),
  status: z.enum(['available', 'reserved', 'sold', 'replaced', 'refunded']).optional(),
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

/** Every admin mutation answers with the SPEC.md success message (and the changed row when there is one). */
export const adminResultSchema = z.object({ message: z.string() });
export const adminItemResultSchema = <T extends z.ZodType>(item: T) =>
  adminResultSchema.extend({ item });
export type AdminResult<T = undefined> = { message: string } & (T extends undefined
  ? object
  : { item: T });

/** POST /api/admin/product-groups/:id/upload (body: the CSV file as text/csv) */
export const csvUploadResultSchema = z.object({
  message: z.string(),
  created: z.number().int(),
  /** Rows without a password, or without both e-mail and username. */
  skippedInvalid: z.number().int(),
  /** Same username or e-mail already in the product group, or repeated in the file. */
  skippedDuplicates: z.number().int(),
  stockCount: z.number().int(),
});
export type CsvUploadResult = z.infer<typeof csvUploadResultSchema>;

/** A template with 1 to the low-stock threshold (a setting; LOW_STOCK_MAX before the store has one) available
 *  accounts is low on stock (0 is sold out); the admins are e-mailed when it drops to the threshold
 *  (22-product-groups-low-stock-alert.sql reads the same setting). */
export const LOW_STOCK_MAX = 4;
export const isLowStock = (stockCount: number, threshold = LOW_STOCK_MAX) =>
  stockCount >= 1 && stockCount <= threshold;
