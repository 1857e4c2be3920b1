// The customer of the buyer's journey (lib/journey.ts): registered and confirmed through the API and the store's
// development mailbox, then credited by the demo admin with enough for every run's purchase.
import { request } from '@playwright/test';
import type { Customer } from './journey.ts';

export async function journeyCustomer(
  base: string,
  admin: { email: string; password: string },
  creditNaira: number,
): Promise<Customer> {
  const email = `journey${Date.now()}@example.com`;
  const customer = { email, password: 'journey-secret1' };
  const api = await request.newContext({ baseURL: base });
  try {
    const registered = await api.post('/api/auth/register', {
      data: { ...customer, confirmPassword: customer.password },
    });
    if (registered.status() !== 201) throw new Error(`journey: register ${registered.status()}`);
    let token: string | null = null;
    for (let i = 0; i < 100 && !token; i++) {
      const { messages } = (await (await api.get('/api/dev/mailbox')).json()) as {
        messages: { to: string; text: string }[];
      };
      const link = messages
        .filter((m) => m.to === email)
        .flatMap((m) => m.text.match(/http:\/\/\S+/g) ?? [])
        .find((u) => new URL(u).pathname === '/email-confirmation');
      token = link ? new URL(link).searchParams.get('token_hash') : null;
      if (!token) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (!token) throw new Error('journey: no confirmation e-mail in the dev mailbox');
    const confirmed = await api.post('/api/auth/confirm-email', {
      data: { token_hash: token, type: 'email' },
    });
    if (!confirmed.ok()) throw new Error(`journey: confirm ${confirmed.status()}`);
  } finally {
    await api.dispose();
  }
  const owner = await request.newContext({ baseURL: base });
  try {
    if (!(await owner.post('/api/auth/login', { data: admin })).ok())
      throw new Error('journey: the admin cannot sign in (BENCH_WEB_ADMIN_EMAIL/PASSWORD)');
    const found = await owner.get(`/api/admin/users?search=${encodeURIComponent(email)}`);
    const { users } = (await found.json()) as { users: { id: string; email: string }[] };
    const user = users.find((u) => u.email === email);
    if (!user) throw new Error('journey: the new customer is not in the admin list');
    const credited = await owner.post(`/api/admin/users/${user.id}/adjust`, {
      data: { action: 'credit', amountKobo: creditNaira * 100, reason: 'bench:web journey' },
    });
    if (!credited.ok()) throw new Error(`journey: credit ${credited.status()}`);
  } finally {
    await owner.dispose();
  }
  return customer;
}
