// Rows of the authorization matrix: each route, what each role must get, and the request it is probed with.
import { A_ONLY, CUSTOMERS, everyone, SIGNED_IN, type Row } from './roles.ts';
import type { MatrixFixtures } from './fixtures.ts';

export function publicAndAccountRows(f: MatrixFixtures): Record<string, Row> {
  const {
    WEBHOOK_TOKEN,

    hex,

    loginUser,
    showcase,
    showcaseAccount,
    contact,

    STAND_IN_PASSWORD,
    standIn,
    spareSessionOfA,
  } = f;
  return {
    'GET /api/health': { expect: everyone(), request: () => ({ url: '/api/health' }) },
    'GET /api/site': { expect: everyone(), request: () => ({ url: '/api/site' }) },
    // No logo saved here: anyone passes the door and hears there is none.
    'GET /api/site/logo': { expect: everyone(404), request: () => ({ url: '/api/site/logo' }) },
    'GET /api/catalogue': { expect: everyone(), request: () => ({ url: '/api/catalogue' }) },
    'GET /api/catalogue/categories/:id': {
      expect: everyone(),
      request: () => ({ url: `/api/catalogue/categories/${showcase.categoryId}` }),
    },
    'GET /api/catalogue/accounts/:id': {
      expect: everyone(),
      request: () => ({ url: `/api/catalogue/accounts/${showcaseAccount!.id}` }),
    },
    'GET /api/dev/mailbox': { expect: everyone(), request: () => ({ url: '/api/dev/mailbox' }) },
    'POST /api/inbox/support': {
      expect: everyone(),
      request: () => ({
        url: '/api/inbox/support',
        payload: {
          fullName: 'Ada Obi',
          email: 'ada@example.com',
          category: 'general',
          subject: 'Hi',
          message: 'Help',
        },
      }),
    },
    'POST /api/inbox/contact': {
      expect: everyone(),
      request: () => ({ url: '/api/inbox/contact', payload: contact }),
    },
    'POST /api/inbox/quote': {
      expect: everyone(),
      request: () => ({
        url: '/api/inbox/quote',
        payload: {
          projectType: 'starter-website',
          name: 'Ada',
          email: 'ada@example.com',
          phone: '+234 800 000 0000',
          description: 'A site',
        },
      }),
    },
    'POST /api/auth/register': {
      expect: everyone(201),
      request: () => ({
        url: '/api/auth/register',
        payload: {
          email: `new-${hex()}@example.com`,
          password: 'secret-pass',
          confirmPassword: 'secret-pass',
        },
      }),
    },
    'POST /api/auth/resend-confirmation': {
      expect: everyone(),
      request: () => ({
        url: '/api/auth/resend-confirmation',
        payload: { email: `resend-${hex()}@example.com` },
      }),
    },
    'POST /api/auth/confirm-email': {
      expect: everyone(400),
      request: () => ({
        url: '/api/auth/confirm-email',
        payload: { token_hash: 'not-a-real-token-0', type: 'email' },
      }),
    },
    'POST /api/auth/login': {
      expect: everyone(),
      endsSession: true,
      request: () => ({
        url: '/api/auth/login',
        payload: { email: loginUser.email, password: loginUser.password },
      }),
    },
    'POST /api/auth/logout': {
      expect: everyone(),
      endsSession: true,
      request: () => ({ url: '/api/auth/logout' }),
    },
    'POST /api/auth/forgot-password': {
      expect: everyone(),
      request: () => ({
        url: '/api/auth/forgot-password',
        payload: { email: `forgot-${hex()}@example.com` },
      }),
    },
    'POST /api/auth/reset-password': {
      expect: everyone(400),
      request: () => ({
        url: '/api/auth/reset-password',
        payload: { token: 'not-a-real-token-0', newPassword: 'abcdef', confirmPassword: 'abcdef' },
      }),
    },
    'POST /api/auth/reset-password/check': {
      expect: everyone(),
      request: () => ({
        url: '/api/auth/reset-password/check',
        payload: { token: 'not-a-real-token-0' },
      }),
    },
    'POST /api/auth/confirm-email-change': {
      expect: everyone(400),
      request: () => ({
        url: '/api/auth/confirm-email-change',
        payload: { token: 'not-a-real-token-0' },
      }),
    },
    // No pending sign-in (no challenge cookie): the second step has nothing to answer.
    'POST /api/auth/login/second-factor': {
      expect: everyone(400),
      request: () => ({ url: '/api/auth/login/second-factor', payload: { code: '123456' } }),
    },
    'POST /api/payments/ercaspay/webhook/:token': {
      expect: everyone(),
      request: () => ({ url: `/api/payments/ercaspay/webhook/${WEBHOOK_TOKEN}`, payload: {} }),
    },

    'GET /api/session': { expect: everyone(), request: () => ({ url: '/api/session' }) },
    'GET /api/me': { expect: SIGNED_IN, request: () => ({ url: '/api/me' }) },
    'GET /api/me/profile': { expect: SIGNED_IN, request: () => ({ url: '/api/me/profile' }) },
    'PATCH /api/me': {
      expect: SIGNED_IN,
      request: () => ({ url: '/api/me', payload: { fullName: `Matrix ${hex()}` } }),
    },
    // The fixtures' users have no usable password: a wrong one proves the route is reached without ending any session.
    'POST /api/me/password': {
      expect: [401, 400, 400, 400],
      request: () => ({
        url: '/api/me/password',
        payload: { currentPassword: 'not-it', newPassword: 'abcdef', confirmPassword: 'abcdef' },
      }),
    },
    'POST /api/me/email': {
      expect: [401, 400, 400, 400],
      request: () => ({
        url: '/api/me/email',
        payload: { newEmail: `new-${hex()}@example.com`, currentPassword: 'not-it' },
      }),
    },
    'GET /api/me/sessions': { expect: SIGNED_IN, request: () => ({ url: '/api/me/sessions' }) },
    'DELETE /api/me/sessions/:id': {
      expect: A_ONLY,
      request: async () => ({ url: `/api/me/sessions/${await spareSessionOfA()}` }),
    },
    // These end sessions or the account itself: each caller sends them as a stand-in user of its own role.
    'POST /api/me/sessions/end-others': {
      expect: SIGNED_IN,
      request: async (caller) => ({
        url: '/api/me/sessions/end-others',
        headers: await standIn(caller),
      }),
    },
    'POST /api/me/delete': {
      expect: CUSTOMERS(),
      request: async (caller) => ({
        url: '/api/me/delete',
        headers: await standIn(caller),
        payload: { password: STAND_IN_PASSWORD, shownBalanceKobo: 0 },
      }),
    },
    // Two-factor sign-in, each caller as a stand-in of its role (wrong codes count against the account's limit).
  };
}
