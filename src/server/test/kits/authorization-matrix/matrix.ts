// The authorization matrix: every /api route's row (rows-*.ts), gathered.
import type { MatrixFixtures } from './fixtures.ts';
import type { Row } from './roles.ts';
import { publicAndAccountRows } from './rows-public-and-account.ts';
import { customerRows } from './rows-customer.ts';
import { adminRowsA } from './rows-admin-a.ts';
import { adminRowsB } from './rows-admin-b.ts';

export function authorizationMatrix(f: MatrixFixtures): Record<string, Row> {
  return { ...publicAndAccountRows(f), ...customerRows(f), ...adminRowsA(f), ...adminRowsB(f) };
}
