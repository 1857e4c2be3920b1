// The public catalogue's answers (GET /api/catalogue, a category, an account) as zod schemas, for the routes'
// schema.response. Apart from catalogue.ts on purpose: every public page imports catalogue.ts's values (through
// the data layer), and only types from here, so zod stays out of their JavaScript.
import { z } from 'zod';
import { detailsSchema, koboSchema } from './answer-parts.ts';

export const publicCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Active groups in the category. */
  groupCount: z.number().int(),
  /** Available accounts over its active groups. */
  stockCount: z.number().int(),
  /** Cheapest priced (> 0) active group, or null: the card then shows FALLBACK_PRICE_TEXT. */
  minPriceKobo: koboSchema.nullable(),
});
export type PublicCategory = z.infer<typeof publicCategorySchema>;

export const publicGroupSchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  name: z.string(),
  description: z.string(),
  priceKobo: koboSchema,
  features: z.array(z.string()),
  stockCount: z.number().int(),
  /** How many accounts one order may hold (null: up to MAX_QUANTITY). */
  minOrderQuantity: z.number().int(),
  maxOrderQuantity: z.number().int().nullable(),
  /** Volume prices: from minQuantity accounts, priceKobo each (ascending). */
  volumePrices: z.array(z.object({ minQuantity: z.number().int(), priceKobo: koboSchema })),
});
export type PublicGroup = z.infer<typeof publicGroupSchema>;

/** An account as a visitor may see it: never a credential. */
export const publicAccountSchema = z.object({
  id: z.string(),
  username: z.string(),
  /** Public details such as followers (keys that look secret are never included). */
  details: detailsSchema,
  isAvailable: z.boolean(),
});
export type PublicAccount = z.infer<typeof publicAccountSchema>;

/** GET /api/catalogue: visible categories and the active groups of active categories. */
export const catalogueResponseSchema = z.object({
  categories: z.array(publicCategorySchema),
  groups: z.array(publicGroupSchema),
});
export type CatalogueResponse = z.infer<typeof catalogueResponseSchema>;

/** GET /api/catalogue/categories/:id: one category with its active groups and a few available accounts each. */
export const categoryResponseSchema = z.object({
  category: publicCategorySchema,
  groups: z.array(publicGroupSchema.extend({ sampleAccounts: z.array(publicAccountSchema) })),
});
export type CategoryResponse = z.infer<typeof categoryResponseSchema>;

/** GET /api/catalogue/accounts/:id: one account and its group (the single-account page). */
export const accountResponseSchema = z.object({
  account: publicAccountSchema,
  group: publicGroupSchema,
  /** The group's next available accounts after this one (the category page links the first ones). */
  moreAccounts: z.array(publicAccountSchema),
});
export type AccountResponse = z.infer<typeof accountResponseSchema>;
