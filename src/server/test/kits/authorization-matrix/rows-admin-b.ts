// Rows of the authorization matrix: each route, what each role must get, and the request it is probed with.
import crypto from 'node:crypto';
import { promoCodes } from '../../../modules/promotions/promotions.tables.ts';
import { quickCustomer } from '../../auth-helpers.ts';
import { ADMINS, type Row } from './roles.ts';
import type { MatrixFixtures } from './fixtures.ts';

export function adminRowsB(f: MatrixFixtures): Record<string, Row> {
  const { db, a, payment, tmpFailedEmail, tmpKeyOfA } = f;
  return {
    'GET /api/admin/users/:id': {
      expect: ADMINS(),
      request: () => ({ url: `/api/admin/users/${a.user.id}` }),
    },
    'POST /api/admin/users/:id/adjust': {
      expect: ADMINS(),
      request: async () => ({
        url: `/api/admin/users/${(await quickCustomer(db)).user.id}/adjust`,
        payload: { action: 'credit', amountKobo: 10_00, reason: 'matrix' },
      }),
    },
    'GET /api/admin/payments': {
      expect: ADMINS(),
      request: () => ({ url: '/api/admin/payments?status=completed' }),
    },
    'POST /api/admin/payments/:id/recheck': {
      expect: ADMINS(),
      request: () => ({ url: `/api/admin/payments/${payment!.id}/recheck` }),
    },
    'GET /api/admin/emails': { expect: ADMINS(), request: () => ({ url: '/api/admin/emails' }) },
    'POST /api/admin/emails/:id/retry': {
      expect: ADMINS(),
      request: async () => ({ url: `/api/admin/emails/${await tmpFailedEmail()}/retry` }),
    },
    'POST /api/admin/emails/retry-failed': {
      expect: ADMINS(),
      request: () => ({ url: '/api/admin/emails/retry-failed' }),
    },
    'GET /api/admin/alerts': { expect: ADMINS(), request: () => ({ url: '/api/admin/alerts' }) },
    'PUT /api/admin/alerts': {
      expect: ADMINS(),
      request: () => ({
        url: '/api/admin/alerts',
        payload: {
          kinds: {
            order_completed: true,
            low_stock: true,
            account_reported: true,
            topup_attention: true,
            email_failing: true,
          },
          minOrderKobo: 0,
        },
      }),
    },
    // No bot configured here: an admin passes the door and hears that Telegram is not set up.
    'POST /api/admin/alerts/test': {
      expect: ADMINS(409),
      request: () => ({ url: '/api/admin/alerts/test' }),
    },
    'GET /api/admin/settings': {
      expect: ADMINS(),
      request: () => ({ url: '/api/admin/settings' }),
    },
    'PUT /api/admin/settings': {
      expect: ADMINS(),
      request: () => ({
        url: '/api/admin/settings',
        payload: {
          storeName: 'AcctStore',
          supportWhatsapp: '+234 800 000 0000',
          supportTelegramUrl: 'https://t.me/matrix_shop',
          supportEmail: 'help@matrix.example',
          officeLocation: 'Lagos',
          telegramChatId: null,
          referralPercent: 5,
          referralMaxTopups: 3,
          warrantyHours: 48,
          lowStockThreshold: 4,
        },
      }),
    },
    'PUT /api/admin/settings/logo': {
      expect: ADMINS(),
      request: () => ({ url: '/api/admin/settings/logo', payload: { image: null } }),
    },
    'GET /api/admin/payments/settings': {
      expect: ADMINS(),
      request: () => ({ url: '/api/admin/payments/settings' }),
    },
    'GET /api/admin/referrals/settings': {
      expect: ADMINS(),
      request: () => ({ url: '/api/admin/referrals/settings' }),
    },
    'PUT /api/admin/referrals/settings': {
      expect: ADMINS(),
      request: () => ({ url: '/api/admin/referrals/settings', payload: { isEnabled: true } }),
    },
    // Promotions (issue 41): the console's codes; the quote is the customer's, before paying.
    'GET /api/admin/promo-codes': {
      expect: ADMINS(),
      request: () => ({ url: '/api/admin/promo-codes' }),
    },
    'POST /api/admin/promo-codes': {
      expect: ADMINS(201),
      request: () => ({
        url: '/api/admin/promo-codes',
        payload: {
          code: `M${crypto.randomBytes(4).toString('hex')}`.toUpperCase(),
          kind: 'percent',
          percentOff: 10,
        },
      }),
    },
    'POST /api/admin/promo-codes/:id/end': {
      expect: ADMINS(),
      request: async () => {
        const [code] = await db
          .insert(promoCodes)
          .values({
            code: `E${crypto.randomBytes(4).toString('hex')}`.toUpperCase(),
            kind: 'percent',
            percentOff: 5,
            scope: 'all',
          })
          .returning({ id: promoCodes.id });
        return { url: `/api/admin/promo-codes/${code!.id}/end` };
      },
    },
    'GET /api/admin/users/:id/api-keys': {
      expect: ADMINS(),
      request: () => ({ url: `/api/admin/users/${a.user.id}/api-keys` }),
    },
    'DELETE /api/admin/api-keys/:id': {
      expect: ADMINS(),
      request: async () => ({ url: `/api/admin/api-keys/${await tmpKeyOfA()}` }),
    },
    'POST /api/admin/payments/webhook-url': {
      expect: ADMINS(),
      request: () => ({ url: '/api/admin/payments/webhook-url' }),
    },
    // Suppliers (issue 54): an admin passes the door and hears what is wrong with the request (no supplier is
    // called: the body is refused, or the supplier is not there).
    // A supplier's webhook: anyone reaches it; an unknown supplier is not there (a known one needs its signature).
    'POST /api/supplier-webhooks/:id': {
      expect: [404, 404, 404, 404],
      request: () => ({ url: `/api/supplier-webhooks/${crypto.randomUUID()}` }),
    },
    'GET /api/admin/suppliers': {
      expect: ADMINS(),
      request: () => ({ url: '/api/admin/suppliers' }),
    },
    'POST /api/admin/suppliers': {
      expect: ADMINS(400),
      request: () => ({ url: '/api/admin/suppliers', payload: { name: '' } }),
    },
    'PATCH /api/admin/suppliers/:id': {
      expect: ADMINS(404),
      request: () => ({
        url: `/api/admin/suppliers/${crypto.randomUUID()}`,
        payload: { webhookSecret: 'whsec_matrix-secret' },
      }),
    },
    'POST /api/admin/suppliers/:id/refresh': {
      expect: ADMINS(404),
      request: () => ({ url: `/api/admin/suppliers/${crypto.randomUUID()}/refresh` }),
    },
    'POST /api/admin/suppliers/:id/products/:productId/listing': {
      expect: ADMINS(404),
      request: () => ({
        url: `/api/admin/suppliers/${crypto.randomUUID()}/products/${crypto.randomUUID()}/listing`,
        payload: { priceRule: 'fixed', name: 'Resold', categoryId: 'instagram', priceKobo: 100 },
      }),
    },
  };
}
