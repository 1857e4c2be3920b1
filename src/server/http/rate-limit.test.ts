// Every limited route, hit by a burst of 40 parallel requests (more where the limit is 40): exactly the limit
// gets through, as if they had come one at a time (rate-limit.ts counts and records in one step). One row per
// limit.
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { TOPUP_LIMITS, walletMessages } from '../../shared/wallet.ts';
import { authMessages } from '../../shared/auth.ts';
import { inboxErrors } from '../../shared/inbox.ts';
import { insertUser, quickCustomer, SAME_ORIGIN, signedInUser } from '../test/auth-helpers.ts';
import { purchaseClient } from '../test/purchase-helpers.ts';
import { insertGroupWithStock } from '../test/stock-helpers.ts';
import { createTestApp } from '../test/test-app.ts';
import type { PaymentProvider } from '../modules/payments/payment-provider.ts';
import { createWindowedLimiter } from './rate-limit.ts';

/** A provider whose checkouts stay pending; counts its verifications, and can refuse to start. */
const provider: PaymentProvider & { failStarts: boolean; verifications: number } = {
  failStarts: false,
  verifications: 0,
  name: 'sandbox',
  async initiate(input) {
    if (this.failStarts) throw new Error('provider down');
    return {
      checkoutUrl: `https://pay.example/${input.paymentReference}`,
      transactionReference: `PENDING|${input.paymentReference}`,
      paymentReference: input.paymentReference,
    };
  },
  async verify(transactionReference) {
    this.verifications++;
    return {
      status: 'PENDING',
      rawStatus: 'PENDING',
      amountKobo: 0,
      currency: 'NGN',
      domain: 'live',
      paidAt: null,
      transactionReference,
      paymentReference: transactionReference.slice('PENDING|'.length),
      metadata: {},
      customerEmail: null,
      raw: { status: 'PENDING' },
    };
  },
  parseWebhook: () => null,
};

const { app, db } = await createTestApp({ deps: { paymentProvider: provider } });
const { buy } = purchaseClient(app, db);

let row = 0;
const post = (url: string, payload: object, remoteAddress: string, cookie?: string) =>
  app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) },
    remoteAddress,
  });
const fresh = () => `burst${++row}-${Date.now()}@example.com`;
const contact = (email: string) => ({
  type: 'general',
  name: 'Ngozi',
  email,
  subject: 'Hello',
  message: 'A question about my order.',
});

type Sweep = {
  name: string;
  passes: number;
  /** What a refused request reads (either message where two limits guard the route). */
  message: string | string[];
  /** Prepares the row and returns the request to fire; `client` is the row's own address, `i` the request's. */
  setup: (client: string) => Promise<(i: number) => Promise<LightMyRequestResponse>>;
  /** What the requests that got through did, when it can be read (a provider call, an e-mail). */
  effect?: () => number;
};

const sweeps: Sweep[] = [
  {
    name: 'sign-in failures per address',
    passes: 5,
    message: authMessages.tooManyAttempts,
    setup: async () => {
      const { email } = await insertUser(db);
      return (i) => post('/api/auth/login', { email, password: 'wrong-guess' }, `10.50.0.${i}`);
    },
  },
  {
    name: 'sign-in failures per client',
    passes: 30,
    message: authMessages.tooManyAttempts,
    setup: async (client) => () =>
      post('/api/auth/login', { email: fresh(), password: 'wrong-guess' }, client),
  },
  {
    name: 'sign-ups per client',
    passes: 10,
    message: authMessages.tooManyAttempts,
    setup: async (client) => () =>
      post(
        '/api/auth/register',
        { email: fresh(), password: 'secret-pass', confirmPassword: 'secret-pass' },
        client,
      ),
  },
  {
    name: 'confirmation e-mails per address',
    passes: 3,
    message: authMessages.tooManyAttempts,
    setup: async () => {
      const { email } = await insertUser(db, { confirmed: false });
      return (i) => post('/api/auth/resend-confirmation', { email }, `10.51.0.${i}`);
    },
  },
  {
    name: 'confirmation e-mails per client',
    passes: 10,
    message: authMessages.tooManyAttempts,
    setup: async (client) => () =>
      post('/api/auth/resend-confirmation', { email: fresh() }, client),
  },
  {
    name: 'reset e-mails per address',
    passes: 3,
    message: authMessages.tooManyAttempts,
    setup: async () => {
      const { email } = await insertUser(db);
      return (i) => post('/api/auth/forgot-password', { email }, `10.52.0.${i}`);
    },
  },
  {
    name: 'reset e-mails per client',
    passes: 10,
    message: authMessages.tooManyAttempts,
    setup: async (client) => () => post('/api/auth/forgot-password', { email: fresh() }, client),
  },
  {
    name: 'reset-token guesses per client',
    passes: 20,
    message: authMessages.tooManyAttempts,
    setup: async (client) => (i) =>
      post(
        '/api/auth/reset-password',
        {
          token: `guess-${i}-${'x'.repeat(40)}`,
          newPassword: 'new-secret',
          confirmPassword: 'new-secret',
        },
        client,
      ),
  },
  ...(
    [
      [
        'password change',
        '/api/me/password',
        { newPassword: 'new-secret', confirmPassword: 'new-secret' },
        'currentPassword',
      ],
      ['e-mail change', '/api/me/email', { newEmail: 'elsewhere@example.com' }, 'currentPassword'],
      ['account deletion', '/api/me/delete', { shownBalanceKobo: 0 }, 'password'],
    ] as const
  ).map(([what, url, body, field]): Sweep => ({
    name: `password guesses behind a session (${what})`,
    passes: 5,
    message: authMessages.tooManyAttempts,
    setup: async (client) => {
      const { cookie } = await signedInUser(app, db);
      return () => post(url, { ...body, [field]: 'wrong-guess' }, client, cookie);
    },
  })),
  {
    name: 'e-mail change links per account',
    passes: 5,
    message: authMessages.tooManyAttempts,
    setup: async (client) => {
      const { user, cookie } = await signedInUser(app, db);
      return () =>
        post(
          '/api/me/email',
          { newEmail: fresh(), currentPassword: user.password },
          client,
          cookie,
        );
    },
  },
  {
    name: 'credential e-mails per order',
    passes: 5,
    message: 'Too many e-mails for this order. Please try again later or use download.',
    setup: async (client) => {
      const { cookie } = await quickCustomer(db, 1_000_000);
      const group = await insertGroupWithStock(db, { accounts: 1 });
      const order = (await buy(cookie, { productGroupId: group.id, quantity: 1 })).json().order;
      return () => post(`/api/orders/${order.id}/email`, {}, client, cookie);
    },
  },
  {
    name: 'contact messages per client',
    passes: 5,
    message: inboxErrors.rateLimited,
    setup: async (client) => () => post('/api/inbox/contact', contact(fresh()), client),
  },
  {
    name: 'top-up starts per customer',
    passes: TOPUP_LIMITS.startsPerWindow,
    message: walletMessages.tooManyStarts,
    setup: async (client) => {
      provider.failStarts = true; // failed starts leave nothing pending: only the start limit bites
      const { cookie } = await quickCustomer(db);
      return () => post('/api/wallet/topups', { amountKobo: 500_000 }, client, cookie);
    },
  },
  {
    name: 'pending top-ups per customer',
    passes: TOPUP_LIMITS.maxPending,
    message: [walletMessages.tooManyPending, walletMessages.tooManyStarts],
    setup: async (client) => {
      provider.failStarts = false;
      const { cookie } = await quickCustomer(db);
      return () => post('/api/wallet/topups', { amountKobo: 500_000 }, client, cookie);
    },
  },
  {
    name: 'top-up checks per customer',
    passes: TOPUP_LIMITS.checksPerMinute,
    message: walletMessages.tooManyChecks,
    setup: async (client) => {
      provider.failStarts = false;
      const { cookie } = await quickCustomer(db);
      const started = await post('/api/wallet/topups', { amountKobo: 500_000 }, client, cookie);
      const { reference } = started.json<{ reference: string }>();
      provider.verifications = 0;
      return () =>
        app.inject({
          url: `/api/wallet/topups/${reference}`,
          headers: { cookie },
          remoteAddress: client,
        });
    },
    effect: () => provider.verifications,
  },
];

describe('a burst of 40 parallel requests on each limit', () => {
  it.each(sweeps.map((s, n) => [s.name, s, n] as const))(
    '%s: exactly the limit gets through',
    async (_name, sweep, n) => {
      const fire = await sweep.setup(`10.60.${n}.1`);
      // 40 at once, or more where the limit itself is 40 or more, so that some are always refused.
      const burst = Math.max(40, sweep.passes + 10);
      const answers = await Promise.all(Array.from({ length: burst }, (_, i) => fire(i + 1)));
      const limited = answers.filter((a) => a.statusCode === 429);
      const through = answers.filter((a) => a.statusCode !== 429);
      expect(through.map((a) => a.statusCode)).not.toContain(500);
      expect(through, through.map((a) => `${a.statusCode} ${a.body}`).join('\n')).toHaveLength(
        sweep.passes,
      );
      const messages = [sweep.message].flat();
      for (const a of limited) expect(messages).toContain(a.json().error.message);
      // And when a window refused it, when to come back: whole seconds, within the longest window (an hour).
      for (const a of limited.filter((l) => l.json().error.code === 'RATE_LIMITED'))
        expect(Number(a.headers['retry-after']), a.body).toSatisfy(
          (n: number) => Number.isInteger(n) && n >= 1 && n <= 3600,
        );
      if (sweep.effect) expect(sweep.effect()).toBe(sweep.passes);
    },
  );
});

describe('the windowed limiter (API keys)', () => {
  it("two processes' limiters sharing one bucket: a burst of 2 × 40 sees exactly the limit, a new window lets more through", async () => {
    const [one, two] = [createWindowedLimiter(db), createWindowedLimiter(db)];
    const limit = { bucket: `burst:${Date.now()}`, max: 25, windowMs: 400 };
    const burst = (l: typeof one) =>
      Array.from({ length: 40 }, () =>
        l(limit, 'slow down').then(
          () => 'ok',
          (e: { code?: string; headers?: Record<string, string> }) => {
            // Refused within the window's 400 ms: come back in a second (whole seconds, at least 1).
            expect(e.headers?.['retry-after']).toBe('1');
            return e.code;
          },
        ),
      );
    const results = await Promise.all([...burst(one), ...burst(two)]);
    expect(results.filter((r) => r === 'ok')).toHaveLength(25);
    expect(results.filter((r) => r === 'RATE_LIMITED')).toHaveLength(55);
    await new Promise((r) => setTimeout(r, 450));
    await expect(one(limit, 'slow down')).resolves.toBeUndefined();
  });
});
