// The console's Orders tab: every order, filtered and paged on the server, its totals, and the CSV export.
import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus } from './orders.ts';

export const ADMIN_ORDERS_PAGE_SIZE = 25;

export const adminOrdersQuerySchema = z.object({
  /** Order id (or its first characters), customer e-mail, or an account's username. */
  search: z.string().trim().max(200).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  category: z.string().trim().min(1).max(100).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

export type AdminOrder = {
  id: string;
  customerEmail: string;
  productName: string;
  categoryName: string;
  quantity: number;
  amountKobo: number;
  refundedKobo: number;
  status: OrderStatus;
  usernames: string[];
  createdAt: string;
};

/** GET /api/admin/orders */
export type AdminOrderList = {
  orders: AdminOrder[];
  total: number;
  offset: number;
  pageSize: number;
  /** Over the whole filtered set, not only this page. */
  totals: { orders: number; amountKobo: number; refundedKobo: number; accounts: number };
};
