// The referral link (/r/CODE, a page: it remembers the referrer and lands on sign-up), the customer's figures,
// and the admin's switch.
import type { FastifyInstance } from 'fastify';
import {
  myReferralsSchema,
  referralSettingsSchema,
  switchReferralsSchema,
} from '../../../shared/referrals.ts';
import { paths } from '../../../shared/paths.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/access.ts';
import { deviceIdOf } from '../../http/device-cookie.ts';
import { answers } from '../../http/response-schemas.ts';
import { parseInput } from '../../http/validate.ts';
import { findReferrer } from './referral-code.ts';
import { readReferralSettings, switchReferrals } from './referral-settings.ts';
import { isProgrammeOn, type ReferralTerms } from './referral-terms.ts';
import { readMyReferrals } from './read-referrals.ts';
import { REFERRAL_COOKIE } from './tie-referral.ts';

type Deps = {
  db: Db;
  publicUrl: string;
  isProduction: boolean;
  terms: ReferralTerms;
  /** REFERRAL_COOKIE_DAYS: how long the visit is remembered. */
  cookieDays: number;
};

export function referralRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, terms } = deps;

  // A page, not /api: the browser follows the link itself. Unknown codes and a switched-off programme land on
  // sign-up all the same, remembering nothing.
  app.get('/r/:code', async (req, reply) => {
    const { code } = req.params as { code: string };
    deviceIdOf(req, reply, deps.isProduction);
    if ((await findReferrer(db, code)) && (await isProgrammeOn(db)))
      reply.setCookie(REFERRAL_COOKIE, code, {
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.isProduction,
        path: '/',
        maxAge: deps.cookieDays * 24 * 3600,
      });
    reply.header('cache-control', 'no-store');
    return reply.redirect(paths.register, 302);
  });

  app.get(
    '/api/referrals',
    { config: { access: 'customer' }, ...answers({ 200: myReferralsSchema }) },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return readMyReferrals(db, currentUser(req).id, { publicUrl: deps.publicUrl, terms });
    },
  );

  app.get(
    '/api/admin/referrals/settings',
    { config: { access: 'admin' }, ...answers({ 200: referralSettingsSchema }) },
    async () => readReferralSettings(db, terms),
  );

  app.put(
    '/api/admin/referrals/settings',
    { config: { access: 'admin' }, ...answers({ 200: referralSettingsSchema }) },
    async (req) => {
      const { isEnabled } = parseInput(switchReferralsSchema, req.body);
      return switchReferrals(db, currentUser(req), isEnabled, terms);
    },
  );
}
