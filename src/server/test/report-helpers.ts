// Test helpers for the after-sale flow: buy through the real API, report an account, resolve a report.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { CustomerOrder } from '../../shared/orders.ts';
import { SAME_ORIGIN } from './auth-helpers.ts';

export function reportClient(app: FastifyInstance) {
  const post = (url: string, cookie: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: { cookie, ...SAME_ORIGIN }, payload });
  return {
    async buy(cookie: string, productGroupId: string, quantity = 1): Promise<CustomerOrder> {
      const res = await app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie, ...SAME_ORIGIN, 'idempotency-key': crypto.randomUUID() },
        payload: { productGroupId, quantity },
      });
      if (res.statusCode !== 201) throw new Error(`purchase failed: ${res.statusCode} ${res.body}`);
      return res.json<{ order: CustomerOrder }>().order;
    },
    report: (
      cookie: string,
      orderId: string,
      accountIds: string[],
      reason = 'wrong_password',
      note?: string,
    ) =>
      post(`/api/orders/${orderId}/reports`, cookie, {
        accountIds,
        reason,
        ...(note ? { note } : {}),
      }),
    resolve: (cookie: string, reportId: string, body: object) =>
      post(`/api/admin/reports/${reportId}/resolve`, cookie, body),
    async orderOf(cookie: string, orderId: string): Promise<CustomerOrder> {
      const res = await app.inject({ url: '/api/orders', headers: { cookie } });
      return res.json<{ orders: CustomerOrder[] }>().orders.find((o) => o.id === orderId)!;
    },
  };
}
