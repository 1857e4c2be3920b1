// Admin CSV routes: bulk upload into a template (streamed, size-limited) and stock export.
import { Transform, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import {
  adminMessages,
  CSV_MAX_BYTES,
  CSV_MAX_MB,
  csvMessages,
  type CsvUploadResult,
} from '../../../shared/admin-catalogue.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/access.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { recordAudit } from '../admin/record-audit.ts';
import { productGroups } from '../catalogue/catalogue.tables.ts';
import { parseTemplateId } from '../catalogue/admin-templates.routes.ts';
import type { CredentialCipher } from './credential-cipher.ts';
import { importAccountsCsv } from './import-accounts-csv.ts';
import { stockAccounts } from './stock.tables.ts';
import { neutraliseFormula } from './formula-cells.ts';

const CSV_TYPES = [
  'text/csv',
  'application/csv',
  'application/vnd.ms-excel',
  'text/plain',
  'application/octet-stream',
];

export function stockCsvRoutes(
  app: FastifyInstance,
  deps: { db: Db; pool: pg.Pool; cipher: CredentialCipher },
): void {
  app.register(async (scope) => {
    // The body stays a stream: the import reads it row by row instead of buffering the file.
    scope.addContentTypeParser(CSV_TYPES, (_req, payload, done) => done(null, payload));
    scope.post(
      '/api/admin/templates/:id/upload',
      { config: { access: 'admin' } },
      async (req): Promise<CsvUploadResult> => {
        const { id } = parseTemplateId(req.params);
        const [group] = await deps.db
          .select({ id: productGroups.id })
          .from(productGroups)
          .where(eq(productGroups.id, id));
        if (!group) throw notFound(csvMessages.selectTemplate);
        const declared = Number(req.headers['content-length'] ?? 0);
        if (declared > CSV_MAX_BYTES) throw tooLarge();
        if (!isStream(req.body)) throw badRequest(csvMessages.selectFile);
        if (declared === 0 && req.headers['transfer-encoding'] === undefined)
          throw badRequest(csvMessages.noData);
        const result = await importAccountsCsv(
          deps.pool,
          deps.cipher,
          id,
          req.body.pipe(limitBytes(CSV_MAX_BYTES)),
        );
        await recordAudit(
          deps.db,
          currentUser(req),
          'account.bulk_upload',
          { type: 'product_group', id },
          {
            created: result.created,
            skippedInvalid: result.skippedInvalid,
            skippedDuplicates: result.skippedDuplicates,
          },
        );
        return result;
      },
    );
  });

  app.get(
    '/api/admin/templates/:id/export.csv',
    { config: { access: 'admin' } },
    async (req, reply) => {
      const { id } = parseTemplateId(req.params);
      const [group] = await deps.db
        .select({ name: productGroups.name })
        .from(productGroups)
        .where(eq(productGroups.id, id));
      if (!group) throw notFound(adminMessages.templateNotFound);
      const rows = await deps.db
        .select()
        .from(stockAccounts)
        .where(eq(stockAccounts.productGroupId, id))
        .orderBy(asc(stockAccounts.createdAt));
      const detailKeys = [...new Set(rows.flatMap((r) => Object.keys(r.additionalInfo)))].sort();
      const open = (b: Buffer | null) => (b ? deps.cipher.decrypt(b) : '');
      const csv = stringify({
        header: true,
        columns: [
          'username',
          'email',
          'password',
          'email_password',
          'two_fa_code',
          'status',
          'sold_at',
          ...detailKeys,
        ],
      });
      for (const r of rows) {
        const details = detailKeys.map((k) => String(r.additionalInfo[k] ?? ''));
        const cells = [
          r.username,
          r.email ?? '',
          open(r.passwordEnc),
          open(r.emailPasswordEnc),
          open(r.twoFaCodeEnc),
          r.status,
          r.soldAt?.toISOString() ?? '',
          ...details,
        ];
        csv.write(cells.map(neutraliseFormula));
      }
      csv.end();
      await recordAudit(
        deps.db,
        currentUser(req),
        'account.export',
        { type: 'product_group', id },
        { rows: rows.length },
      );
      const filename = `${group.name.replace(/[^A-Za-z0-9_-]+/g, '-').toLowerCase() || 'stock'}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}

function tooLarge() {
  return new AppError('PAYLOAD_TOO_LARGE', 413, csvMessages.tooLarge(CSV_MAX_MB));
}

function isStream(body: unknown): body is Readable {
  return typeof (body as Readable | null)?.pipe === 'function';
}

/** Fails the stream (and so the import) once more than maxBytes arrived, whatever Content-Length said. */
function limitBytes(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(tooLarge());
      else callback(null, chunk);
    },
  });
}
