// Integration tests of the bulk CSV upload (SPEC.md §3, §5) and the stock export: parsing, skipped rows,
// duplicates, every error message, the size limit, batches, and formula-safe export.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { csvMessages } from '../../../shared/admin-catalogue.ts';
import { SECRET_KEY } from '../../../shared/catalogue.ts';
import { quickCustomer } from '../../test/auth-helpers.ts';
import { hashToken } from '../auth/sessions.ts';
import { CREDENTIALS_EMAIL_PLACEHOLDER } from '../orders/credentials-email.ts';
import { BATCH_ROWS } from './import-accounts-csv.ts';
import { csvUploadTestKit } from '../../test/kits/csv-upload-kit.ts';

const { cipher, db, database, newTemplate, upload, accountsOf, countOf, stockOf, result } =
  await csvUploadTestKit();

describe('reading the CSV', () => {
  it('lowercases and trims headers, trims values, and keeps extra columns as public details (followers numeric)', async () => {
    const id = await newTemplate();
    const csv =
      ' Username , EMAIL ,Password, Followers , Country\n  alice ,  alice@mail.example , pw-1 , 1200 , NG \n';
    expect(await upload(id, csv)).toEqual(result(1, 0, 0, 1));
    expect(await accountsOf(id)).toEqual([
      {
        username: 'alice',
        email: 'alice@mail.example',
        password: 'pw-1',
        emailPassword: null,
        twoFa: null,
        info: { followers: 1200, country: 'NG' },
      },
    ]);
    expect(await stockOf(id)).toBe(1);
  });

  it('reads quoted fields holding commas and escaped quotes', async () => {
    const id = await newTemplate();
    expect(
      await upload(id, 'username,password,bio\n"bob, jr","p,""q""","likes ""cats"", dogs"\n'),
    ).toEqual(result(1, 0, 0, 1));
    expect(await accountsOf(id)).toMatchObject([
      { username: 'bob, jr', password: 'p,"q"', info: { bio: 'likes "cats", dogs' } },
    ]);
  });

  it('uses the e-mail as username when there is none, and accepts both two_fa and two_fa_code', async () => {
    const id = await newTemplate();
    expect(
      await upload(
        id,
        'email,password,email_password,two_fa\ncarol@mail.example,pw-c,mail-c,111111\n',
      ),
    ).toEqual(result(1, 0, 0, 1));
    expect(await upload(id, 'username,password,two_fa_code\ndan,pw-d,222222\n')).toEqual(
      result(1, 0, 0, 2),
    );
    expect(await accountsOf(id)).toEqual([
      {
        username: 'carol@mail.example',
        email: 'carol@mail.example',
        password: 'pw-c',
        emailPassword: 'mail-c',
        twoFa: '111111',
        info: {},
      },
      {
        username: 'dan',
        email: null,
        password: 'pw-d',
        emailPassword: null,
        twoFa: '222222',
        info: {},
      },
    ]);
  });

  it('skips and counts rows without a password or without both e-mail and username', async () => {
    const id = await newTemplate();
    const csv =
      'username,email,password\nok1,,pw\n,,pw\nno_password,x@mail.example,\n,ok2@mail.example,pw\n';
    expect(await upload(id, csv)).toEqual(result(2, 2, 0, 2));
    expect((await accountsOf(id)).map((a) => a.username)).toEqual(['ok1', 'ok2@mail.example']);
  });

  it('skips and counts a row holding a NUL character (which PostgreSQL cannot store) and saves the others', async () => {
    const id = await newTemplate();
    const csv =
      'username,password,followers\nbefore,pw,1\nnul\u0000name,pw,2\nnul_detail,pw,3\u0000\nafter,pw,4\n';
    expect(await upload(id, csv)).toEqual(result(2, 2, 0, 2));
    expect((await accountsOf(id)).map((a) => a.username)).toEqual(['after', 'before']);
  });

  it("answers a malformed file with the parser's reason and its line, and no database text", async () => {
    const id = await newTemplate();
    const res = await upload(id, 'username,password\n"open,pw\n');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(
      new RegExp(`^${csvMessages.processFailed}: .*(quote|Quote).*line`),
    );
  });

  it('skips and counts duplicates: same username or e-mail (any case) already in the template or repeated in the file', async () => {
    const id = await newTemplate();
    await upload(id, 'username,email,password\nDave,dave@mail.example,pw\n');
    const csv = [
      'username,email,password',
      'DAVE,other@mail.example,pw', // username already in the template
      'new1,DAVE@MAIL.EXAMPLE,pw', // e-mail already in the template
      'new2,n2@mail.example,pw',
      'NEW2,n2b@mail.example,pw', // username repeated in the file
      'new3,N2@mail.example,pw', // e-mail repeated in the file
      'new4,n4@mail.example,pw',
    ].join('\n');
    expect(await upload(id, csv)).toEqual(result(2, 0, 4, 3));
    expect((await accountsOf(id)).map((a) => a.username)).toEqual(['Dave', 'new2', 'new4']);

    const again = await upload(id, csv);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/^Failed to create accounts/);
    expect(await countOf(id)).toBe(3);
  });

  it(`inserts every row of a file spanning several batches of ${BATCH_ROWS}`, async () => {
    const id = await newTemplate();
    const n = 2 * BATCH_ROWS + 500;
    const rows = Array.from({ length: n }, (_, i) => `user${i},user${i}@mail.example,pw${i},${i}`);
    rows.push('USER7,fresh@mail.example,pw,1'); // a duplicate of the first batch, found in the third
    expect(await upload(id, `username,email,password,followers\n${rows.join('\n')}\n`)).toEqual(
      result(n, 0, 1, n),
    );
    expect(await countOf(id)).toBe(n);
  });
  it("answers the template's true stock when a purchase of it has not been folded in yet", async () => {
    const id = await newTemplate();
    await upload(id, 'username,password\na,pw\nb,pw\nc,pw\n');
    // The purchase alone, as a process that dies right after its commit leaves it: its change stays pending.
    const { user, cookie } = await quickCustomer(db, 1_000_000);
    const { rows } = await db.execute<{ outcome: string }>(
      sql`select outcome from purchase_order(${user.id}::uuid, ${hashToken(cookie.slice('sid='.length))},
            ${crypto.randomUUID()}, 'hash', ${id}::uuid, 2, null, ${SECRET_KEY.source}, ${CREDENTIALS_EMAIL_PLACEHOLDER})`,
    );
    expect(rows[0]!.outcome).toBe('completed');
    // 3 uploaded, 2 sold, 2 more uploaded: the answer and the template say 3, and nothing is left pending.
    expect(await upload(id, 'username,password\nd,pw\ne,pw\n')).toEqual(result(2, 0, 0, 3));
    expect(await stockOf(id)).toBe(3);
    const pending = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from stock_count_pending where product_group_id = ${id}`,
    );
    expect(pending.rows[0]!.n).toBe(0);
  });

  it('skips a row whose username another upload saved a moment earlier, and saves the rest of the file', async () => {
    const id = await newTemplate();
    // Another writer's row, not yet committed: this upload's COPY waits on its key, then meets it taken. The
    // other writer counts its row as every writer of stock does (an upload raises the count by what it wrote).
    const other = await database.pool.connect();
    try {
      await other.query('begin');
      await other.query(
        `insert into individual_accounts (product_group_id, username, password_enc) values ($1, 'racer', $2)`,
        [id, cipher.encrypt('pw-other')],
      );
      await other.query('update product_groups set stock_count = stock_count + 1 where id = $1', [
        id,
      ]);
      const pending = upload(id, 'username,password\nfirst,pw\nRACER,pw\nlast,pw\n');
      // (Asked on another connection: a transaction sees pg_stat_activity as it was at its first look.)
      const waiting = async () =>
        (
          await database.pool.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
              where wait_event_type = 'Lock' and query like 'copy individual_accounts%'`,
          )
        ).rows[0]!.n;
      await expect.poll(waiting, { timeout: 10_000 }).toBe(1);
      await other.query('commit');
      expect(await pending).toEqual(result(2, 0, 1, 3));
    } finally {
      other.release();
    }
    expect((await accountsOf(id)).map((a) => [a.username, a.password])).toEqual([
      ['racer', 'pw-other'],
      ['first', 'pw'],
      ['last', 'pw'],
    ]);
  });
});
