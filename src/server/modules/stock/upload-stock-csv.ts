// A CSV upload into one product group: the group must exist, then the file is imported row by row and the
// upload leaves one audit line with its counts.
import type { Readable } from 'node:stream';
import type pg from 'pg';
import { csvMessages, type CsvUploadResult } from '../../../shared/admin-catalogue.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { readProductGroupName } from '../catalogue/read-admin-catalogue.ts';
import type { CredentialCipher } from './credential-cipher.ts';
import { importAccountsCsv } from './import-accounts-csv.ts';

/** `openFile` is called once the group is known to exist, so a missing group answers first. */
export async function uploadStockCsv(
  { db, pool, cipher }: { db: Db; pool: pg.Pool; cipher: CredentialCipher },
  actor: AuditActor,
  groupId: string,
  openFile: () => Readable,
): Promise<CsvUploadResult> {
  await readProductGroupName(db, groupId, csvMessages.selectProductGroup);
  const result = await importAccountsCsv(pool, cipher, groupId, openFile());
  await recordAudit(
    db,
    actor,
    'account.bulk_upload',
    { type: 'product_group', id: groupId },
    {
      created: result.created,
      skippedInvalid: result.skippedInvalid,
      skippedDuplicates: result.skippedDuplicates,
    },
  );
  return result;
}
