// The console's Orders tab: every order, filtered and paged on the server, its totals, and the CSV export.
import { z } from 'zod';
import { koboSchema, timestampSchema } from './answer-parts.ts';
import { ORDER_STATUSES } from './orders.ts';

export const ADMIN_ORDERS_PAGE_SIZE = 25;

export const adminOrdersQuerySchema = z.object({
  /** Order id (or its first characters), customer e-mail, or an account's username. */
  search: z.string().trim().max(200).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  category: z.string().trim().min(1).max(100).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** Orders that used this promo code (any case). */
  promoCode: z.string().trim().min(1).max(32).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

export const adminOrderSchema = z.object({
  id: z.string(),
  customerEmail: z.string(),
  productName: z.string(),
  categoryName: z.string(),
  quantity: z.number().int(),
  amountKobo: koboSchema,
  /** The promo code's discount, and the code (null: none). */
  discountKobo: koboSchema,
  promoCode: z.string().nullable(),
  refundedKobo: koboSchema,
  status: z.enum(ORDER_STATUSES),
  usernames: z.array(z.string()),
  createdAt: timestampSchema,
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** GET /api/admin/orders */
export const adminOrderListSchema = z.object({
  orders: z.array(adminOrderSchema),
  total: z.number().int(),
  offset: z.number().int(),
  pageSize: z.number().int(),
  /** Over the whole filtered set, not only this page. */
  totals: z.object({
    orders: z.number().int(),
    amountKobo: koboSchema,
    refundedKobo: koboSchema,
    accounts: z.number().int(),
  }),
});
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;
