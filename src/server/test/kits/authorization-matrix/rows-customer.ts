// Rows of the authorization matrix: each route, what each role must get, and the request it is probed with.
import crypto from 'node:crypto';
import { A_ONLY, ADMINS, CUSTOMERS, everyone, SIGNED_IN, type Row } from './roles.ts';
import type { MatrixFixtures } from './fixtures.ts';

export function customerRows(f: MatrixFixtures): Record<string, Row> {
  const {
    a,
    group,
    topup,
    orderId,

    tmpOrderOfA,
    STAND_IN_PASSWORD,
    standIn,
    clearTmpKeysOfA,
    tmpKeyOfA,
    tmpEndpointOf,
    tmpFailedDeliveryOfA,
    COOKIES_OPEN_NOTHING,
  } = f;
  return {
    'POST /api/me/two-factor/setup': {
      expect: SIGNED_IN,
      request: async (caller) => ({
        url: '/api/me/two-factor/setup',
        headers: await standIn(caller),
        payload: { currentPassword: STAND_IN_PASSWORD },
      }),
    },
    'POST /api/me/two-factor/enable': {
      expect: [401, 409, 409, 409],
      request: async (caller) => ({
        url: '/api/me/two-factor/enable',
        headers: await standIn(caller),
        payload: { code: '123456' },
      }),
    },
    'POST /api/me/two-factor/disable': {
      expect: [401, 400, 400, 400],
      request: async (caller) => ({
        url: '/api/me/two-factor/disable',
        headers: await standIn(caller),
        payload: { code: '123456' },
      }),
    },
    'POST /api/me/two-factor/step-up': {
      expect: [401, 400, 400, 400],
      request: async (caller) => ({
        url: '/api/me/two-factor/step-up',
        headers: await standIn(caller),
        payload: { code: '123456' },
      }),
    },
    'GET /api/me/activity': { expect: SIGNED_IN, request: () => ({ url: '/api/me/activity' }) },
    'POST /api/orders/:id/reports': {
      expect: [401, 201, 404, 404],
      request: async () => {
        const order = await tmpOrderOfA();
        return {
          url: `/api/orders/${order.id}/reports`,
          payload: { accountIds: [order.items[0]!.accountId], reason: 'wrong_password' },
        };
      },
    },
    'GET /api/orders': { expect: SIGNED_IN, request: () => ({ url: '/api/orders' }) },
    'GET /api/orders/:id/credentials': {
      expect: A_ONLY,
      request: () => ({ url: `/api/orders/${orderId}/credentials` }),
    },
    'GET /api/orders/:id/download': {
      expect: A_ONLY,
      request: () => ({ url: `/api/orders/${orderId}/download?format=txt` }),
    },
    'POST /api/orders/:id/email': {
      expect: A_ONLY,
      request: () => ({ url: `/api/orders/${orderId}/email` }),
    },

    'GET /api/wallet': { expect: CUSTOMERS(), request: () => ({ url: '/api/wallet' }) },
    'GET /api/wallet/transactions': {
      expect: CUSTOMERS(),
      request: () => ({ url: '/api/wallet/transactions' }),
    },
    'POST /api/wallet/topups': {
      expect: CUSTOMERS(201),
      request: () => ({ url: '/api/wallet/topups', payload: { amountKobo: 1000_00 } }),
    },
    'GET /api/wallet/topups/:reference': {
      expect: [401, 200, 404, 403],
      request: () => ({ url: `/api/wallet/topups/${topup.reference}` }),
    },
    'POST /api/orders': {
      expect: CUSTOMERS(201),
      request: () => ({
        url: '/api/orders',
        headers: { 'idempotency-key': crypto.randomUUID() },
        payload: { productGroupId: group.id, quantity: 1 },
      }),
    },

    'GET /api/metrics': { expect: ADMINS(), request: () => ({ url: '/api/metrics' }) },
    'GET /api/referrals': { expect: CUSTOMERS(), request: () => ({ url: '/api/referrals' }) },
    'POST /api/orders/quote': {
      expect: CUSTOMERS(),
      request: () => ({
        url: '/api/orders/quote',
        payload: { productGroupId: group.id, quantity: 1 },
      }),
    },
    'GET /api/me/api-keys': { expect: CUSTOMERS(), request: () => ({ url: '/api/me/api-keys' }) },
    'POST /api/me/api-keys': {
      expect: CUSTOMERS(201),
      request: async () => {
        await clearTmpKeysOfA();
        return { url: '/api/me/api-keys', payload: { name: 'tmp-bot', scopes: ['read'] } };
      },
    },
    'DELETE /api/me/api-keys/:id': {
      expect: [401, 200, 404, 403],
      request: async () => ({ url: `/api/me/api-keys/${await tmpKeyOfA()}` }),
    },
    'GET /api/me/webhooks': { expect: CUSTOMERS(), request: () => ({ url: '/api/me/webhooks' }) },
    'POST /api/me/webhooks': {
      expect: CUSTOMERS(201),
      request: async (caller) => {
        if (caller.userId) await tmpEndpointOf(caller.userId);
        return {
          url: '/api/me/webhooks',
          payload: { url: 'https://hooks.example.com/in', events: ['order.completed'] },
        };
      },
    },
    'DELETE /api/me/webhooks/:id': {
      expect: [401, 200, 404, 403],
      request: async () => ({ url: `/api/me/webhooks/${await tmpEndpointOf(a.user.id)}` }),
    },
    'POST /api/me/webhooks/deliveries/:id/resend': {
      expect: [401, 200, 404, 403],
      request: async () => ({
        url: `/api/me/webhooks/deliveries/${await tmpFailedDeliveryOfA()}/resend`,
      }),
    },
    'GET /api/v1/openapi.json': {
      expect: everyone(),
      request: () => ({ url: '/api/v1/openapi.json' }),
    },
    'GET /api/v1/catalogue': {
      expect: COOKIES_OPEN_NOTHING,
      request: () => ({ url: '/api/v1/catalogue' }),
    },
    'GET /api/v1/balance': {
      expect: COOKIES_OPEN_NOTHING,
      request: () => ({ url: '/api/v1/balance' }),
    },
    'POST /api/v1/orders': {
      expect: COOKIES_OPEN_NOTHING,
      request: () => ({
        url: '/api/v1/orders',
        payload: { productGroupId: group.id, quantity: 1 },
        headers: { 'idempotency-key': crypto.randomUUID() },
      }),
    },
    'GET /api/v1/orders': {
      expect: COOKIES_OPEN_NOTHING,
      request: () => ({ url: '/api/v1/orders' }),
    },
    'GET /api/v1/orders/:id': {
      expect: COOKIES_OPEN_NOTHING,
      request: () => ({ url: `/api/v1/orders/${orderId}` }),
    },
    'GET /api/v1/orders/:id/credentials': {
      expect: COOKIES_OPEN_NOTHING,
      request: () => ({ url: `/api/v1/orders/${orderId}/credentials` }),
    },
    'GET /api/v1/topups': {
      expect: COOKIES_OPEN_NOTHING,
      request: () => ({ url: '/api/v1/topups' }),
    },
  };
}
