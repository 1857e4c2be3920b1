// Test helper: after every test in a file, the store's invariants must hold (see wallet/check-ledger.ts).
import { afterEach, expect } from 'vitest';
import type { Db } from '../db/client.ts';
import { checkLedger } from '../modules/wallet/check-ledger.ts';

export function checkInvariantsAfterEach(db: Db): void {
  afterEach(async () => {
    expect(await checkLedger(db)).toEqual([]);
  });
}
