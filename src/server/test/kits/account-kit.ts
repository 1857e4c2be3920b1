// What the account tests share (password-reset and profile-and-email and sessions-and-deletion  .test.ts): each file
// calls accountTestKit() for a store of its own.
import { postSettled, tokenFromLink } from '../auth-helpers.ts';
import { createTestApp } from '../test-app.ts';

export async function accountTestKit() {
  const { app, db } = await createTestApp({ env: { ADMIN_EMAILS: 'boss@example.com' } });
  let ip = 0;
  // Each call from its own address unless one is given, so per-client limits only bite where a test wants them.
  const post = (
    url: string,
    payload: unknown,
    headers: Record<string, string> = {},
    remoteAddress = `10.1.0.${++ip % 250}`,
  ) => postSettled(app, url, payload, { headers, remoteAddress });
  const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  const linkToken = tokenFromLink;
  return { app, db, post, me, linkToken };
}
