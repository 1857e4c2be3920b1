// A burst of purchases of a supplier's product (issue 54): 40 funded customers at once get exactly what 40 one at a
// time get. Our copy of the supplier's stock is stale (it says 40, the supplier has 25): the supplier refuses the
// excess, those customers have their money back, and the supplier's stock is never oversold.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quickCustomer } from '../auth-helpers.ts';
import { startTwoStores } from '../reseller-harness.ts';
import { stockCountOf } from '../stock-helpers.ts';
import { listSupplierProduct } from '../supplier-helpers.ts';

const PRICE_KOBO = 10_000;
const { supplier, db, buy, orderOf, settle, expectNoFaults, walletOf } = await startTwoStores(5000);

describe('a burst of purchases of a supplier product', () => {
  const BUYERS = 40;
  const SUPPLIER_STOCK = 25;

  /** A product the supplier has 25 of, while our copy of its stock still says 40 (the supplier sold some elsewhere). */
  async function staleListing() {
    const listed = await listSupplierProduct(db, supplier, {
      accounts: SUPPLIER_STOCK,
      priceKobo: PRICE_KOBO,
    });
    await db.execute(
      sql`update product_groups set stock_count = ${BUYERS} where id = ${listed.group.id}`,
    );
    const buyers = await Promise.all(
      Array.from({ length: BUYERS }, () => quickCustomer(db, 50_000)),
    );
    return { listed, buyers };
  }

  async function outcome(
    listed: Awaited<ReturnType<typeof staleListing>>['listed'],
    buyers: { user: { id: string }; cookie: string }[],
    ids: string[],
  ) {
    await settle();
    const statuses = await Promise.all(
      ids.map(async (id, i) => (await orderOf(buyers[i]!.cookie, id)).status),
    );
    const wallets = await Promise.all(buyers.map((b) => walletOf(b.user.id)));
    return {
      completed: statuses.filter((s) => s === 'completed').length,
      failed: statuses.filter((s) => s === 'failed').length,
      // Each buyer paid for what they got, or has every kobo back.
      paidRight: statuses.every(
        (s, i) => wallets[i] === (s === 'completed' ? 50_000 - listed.ourPriceKobo : 50_000),
      ),
      supplierStockLeft: await stockCountOf(supplier.db, listed.upstream.id),
    };
  }

  const balanceAtSupplier = async () =>
    Number(
      (
        (
          await supplier.db.execute(
            sql`select wallet_balance_kobo as b from users where id = ${supplier.resellerId}`,
          )
        ).rows[0] as { b: string }
      ).b,
    );
  const expected = {
    completed: SUPPLIER_STOCK,
    failed: BUYERS - SUPPLIER_STOCK,
    paidRight: true,
    supplierStockLeft: 0,
  };

  async function atOnce() {
    const { listed, buyers } = await staleListing();
    const answers = await Promise.all(buyers.map((b) => buy(b.cookie, listed.group.id, 1)));
    expect(answers.map((a) => a.status).filter((s) => s !== 201)).toEqual([]);
    return outcome(
      listed,
      buyers,
      answers.map((a) => a.body.order.id),
    );
  }

  it(`gives ${BUYERS} buyers at once exactly what they get one at a time: no more than the supplier has`, async () => {
    const startBalance = await balanceAtSupplier();
    const together = await atOnce();

    const alone = await staleListing();
    const ids: string[] = [];
    for (const b of alone.buyers)
      ids.push((await buy(b.cookie, alone.listed.group.id, 1)).body.order.id);
    const oneAtATime = await outcome(alone.listed, alone.buyers, ids);

    console.log(
      `supplier burst: at once ${JSON.stringify(together)}, one at a time ${JSON.stringify(oneAtATime)}`,
    );
    expect(together).toEqual(expected);
    expect(oneAtATime).toEqual(expected);
    // The supplier charged us for exactly what it delivered.
    expect(startBalance - (await balanceAtSupplier())).toBe(2 * SUPPLIER_STOCK * PRICE_KOBO);
    await expectNoFaults('burst');
  }, 120_000);

  it('gives the same when a third of the burst’s answers are lost after the supplier committed', async () => {
    const startBalance = await balanceAtSupplier();
    const faulted = supplier.proxy.stats().faulted;
    supplier.proxy.inject({ kind: 'cut_after_commit' }, 14);
    const together = await atOnce();
    console.log(`supplier burst with 14 answers cut: ${JSON.stringify(together)}`);
    expect(supplier.proxy.stats().faulted - faulted).toBe(14);
    expect(together).toEqual(expected);
    expect(startBalance - (await balanceAtSupplier())).toBe(SUPPLIER_STOCK * PRICE_KOBO);
    await expectNoFaults('burst with answers cut');
  }, 120_000);
});
