// The purchase path's rules as column types (domains.ts, drizzle/0017): each closed union's domain allows exactly
// the values of its src/shared/ union, and every rule the CHECKs enforced still refuses what it refused.
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quickCustomer } from '../test/auth-helpers.ts';
import { insertGroupWithStock } from '../test/stock-helpers.ts';
import { createTestDatabase } from '../test/test-app.ts';
import { closedUnionDomains } from './domains.ts';
import { sqlStateOf } from './pg-errors.ts';

const { db } = await createTestDatabase();

/** The SQLSTATE `statement` fails with, or 'ok'; either way nothing it did stays. */
async function outcomeOf(statement: SQL): Promise<string> {
  let outcome = 'ok';
  await db
    .transaction(async (tx) => {
      await tx.execute(statement);
      tx.rollback();
    })
    .catch((err: unknown) => {
      if (err instanceof Error && err.message === 'Rollback') return;
      outcome = sqlStateOf(err) ?? String(err);
    });
  return outcome;
}

describe('the closed unions in the database', () => {
  it.each(closedUnionDomains.map((d) => [d.domain, d] as const))(
    '%s allows exactly the values of its src/shared/ union',
    async (name, domain) => {
      const { rows } = await db.execute<{ def: string }>(sql`
        select pg_get_constraintdef(c.oid) as def
          from pg_constraint c join pg_type t on t.oid = c.contypid
         where t.typname = ${name}`);
      expect(rows).toHaveLength(1);
      const allowed = [...rows[0]!.def.matchAll(/'([^']*)'::text/g)].map((m) => m[1]);
      expect(allowed.sort()).toEqual([...domain.values].sort());
      for (const value of domain.values)
        expect(await outcomeOf(sql`select ${value}::${sql.raw(name)}`)).toBe('ok');
      expect(await outcomeOf(sql`select 'nope'::${sql.raw(name)}`)).toBe('23514');
    },
  );
});

const group = await insertGroupWithStock(db, { accounts: 1, priceKobo: 100 });
const { user } = await quickCustomer(db, 500);

describe('the rules the CHECKs kept, now types and one function', () => {
  const order = (quantity: number, amountKobo: number, status: string) =>
    sql`insert into orders (user_id, product_group_id, quantity, amount_kobo, list_amount_kobo, status, account_details)
        values (${user.id}, ${group.id}, ${quantity}, ${amountKobo}, ${Math.abs(amountKobo)}, ${status}, '{}')`;
  // No report and no order: a refund must have both, every other entry neither.
  const entry = (type: string, amountKobo: number) =>
    sql`insert into transactions (user_id, type, amount_kobo, balance_after_kobo, description, reference, status)
        values (${user.id}, ${type}, ${amountKobo}, 0, 'probe', ${`probe-${type}-${amountKobo}`}, 'completed')`;

  it('refuses a wallet below zero and an e-mail with capitals, and takes the valid ones', async () => {
    expect(
      await outcomeOf(sql`update users set wallet_balance_kobo = -1 where id = ${user.id}`),
    ).toBe('23514');
    expect(
      await outcomeOf(sql`update users set email = 'Buyer@Example.com' where id = ${user.id}`),
    ).toBe('23514');
    expect(
      await outcomeOf(sql`update users set wallet_balance_kobo = 0, email = 'buyer@example.com'
                          where id = ${user.id}`),
    ).toBe('ok');
  });

  it('refuses an order of no account, of a negative amount or of an unknown status', async () => {
    expect(await outcomeOf(order(0, 100, 'completed'))).toBe('23514');
    expect(await outcomeOf(order(1, -1, 'completed'))).toBe('23514');
    expect(await outcomeOf(order(1, 100, 'done'))).toBe('23514');
    expect(await outcomeOf(order(1, 100, 'completed'))).toBe('ok');
  });

  it('refuses a ledger entry whose sign does not match its type, or a refund without its links', async () => {
    expect(await outcomeOf(entry('purchase', 100))).toBe('23514');
    expect(await outcomeOf(entry('topup', -100))).toBe('23514');
    expect(await outcomeOf(entry('ADMIN_DEBIT', 0))).toBe('23514');
    expect(await outcomeOf(entry('refund', 100))).toBe('23514');
    expect(await outcomeOf(entry('gift', 100))).toBe('23514');
    expect(await outcomeOf(entry('purchase', -100))).toBe('ok');
    expect(await outcomeOf(entry('ADMIN_CREDIT', 100))).toBe('ok');
  });

  it('refuses an account status outside its union, and a sold account without its order', async () => {
    const account = sql`(select id from individual_accounts where product_group_id = ${group.id})`;
    expect(
      await outcomeOf(sql`update individual_accounts set status = 'lost' where id = ${account}`),
    ).toBe('23514');
    expect(
      await outcomeOf(sql`update individual_accounts set status = 'sold' where id = ${account}`),
    ).toBe('23514');
    expect(
      await outcomeOf(
        sql`insert into email_outbox (kind, to_address, subject, text_body, status)
            values ('probe', 'a@example.com', 's', 'b', 'lost')`,
      ),
    ).toBe('23514');
  });
});
