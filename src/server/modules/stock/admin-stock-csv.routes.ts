// Admin CSV routes: bulk upload into a template (streamed, size-limited) and stock export.
import { Transform, type Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import {
  csvUploadResultSchema,
  adminMessages,
  CSV_MAX_BYTES,
  CSV_MAX_MB,
  csvMessages,
  type CsvUploadResult,
} from '../../../shared/admin-catalogue.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/access.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { parseId } from '../../http/params.ts';
import type { CredentialCipher } from './credential-cipher.ts';
import { exportStockCsv } from './export-stock-csv.ts';
import { uploadStockCsv } from './upload-stock-csv.ts';
import { answers, textAnswer } from '../../http/response-schemas.ts';

const CSV_TYPES = [
  'text/csv',
  'application/csv',
  'application/vnd.ms-excel',
  'text/plain',
  'application/octet-stream',
];

export function adminStockCsvRoutes(
  app: FastifyInstance,
  deps: { db: Db; pool: pg.Pool; cipher: CredentialCipher },
): void {
  app.register(async (scope) => {
    // The body stays a stream: the import reads it row by row instead of buffering the file.
    scope.addContentTypeParser(CSV_TYPES, (_req, payload, done) => done(null, payload));
    scope.post(
      '/api/admin/product-groups/:id/upload',
      { config: { access: 'admin' }, ...answers({ 200: csvUploadResultSchema }) },
      async (req): Promise<CsvUploadResult> => {
        const id = parseId(req.params, adminMessages.productGroupNotFound);
        return uploadStockCsv(deps, currentUser(req), id, () => {
          const declared = Number(req.headers['content-length'] ?? 0);
          if (declared > CSV_MAX_BYTES) throw tooLarge();
          if (!isStream(req.body)) throw badRequest(csvMessages.selectFile);
          if (declared === 0 && req.headers['transfer-encoding'] === undefined)
            throw badRequest(csvMessages.noData);
          return req.body.pipe(limitBytes(CSV_MAX_BYTES));
        });
      },
    );
  });

  app.get(
    '/api/admin/product-groups/:id/export.csv',
    // The file holds decrypted credentials: a fresh second-factor code first.
    {
      config: { access: 'admin', revealsCredentials: true },
      ...answers({ 200: textAnswer('text/csv') }),
    },
    async (req, reply) => {
      const id = parseId(req.params, adminMessages.productGroupNotFound);
      const { filename, csv } = await exportStockCsv(deps, currentUser(req), id);
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
