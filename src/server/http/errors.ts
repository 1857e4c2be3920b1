// One error type for every expected failure, and the one handler that turns any error into { error }.
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import type { ApiErrorBody, ErrorCode } from '../../shared/errors.ts';

export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  /** Headers the answer carries with it (WWW-Authenticate on a 401, Retry-After on a 429). */
  readonly headers: Record<string, string>;
  constructor(
    code: ErrorCode,
    status: number,
    message: string,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.code = code;
    this.status = status;
    this.headers = headers;
  }
}

export const badRequest = (message: string, code: ErrorCode = 'VALIDATION_FAILED') =>
  new AppError(code, 400, message);
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', 404, message);
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') =>
  new AppError(code, 409, message);

export function errorBody(code: ErrorCode, message: string): ApiErrorBody {
  return { error: { code, message } };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | ZodError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).headers(err.headers).send(errorBody(err.code, err.message));
    }
    if (err instanceof ZodError) {
      return reply
        .status(400)
        .send(errorBody('VALIDATION_FAILED', err.issues[0]?.message ?? 'Invalid input'));
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status === 413)
      return reply.status(413).send(errorBody('PAYLOAD_TOO_LARGE', 'The request is too large.'));
    if (status === 429) return reply.status(429).send(errorBody('RATE_LIMITED', err.message));
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send(errorBody('VALIDATION_FAILED', 'The request could not be read.'));
    }
    req.log.error({ err }, 'unhandled error');
    return reply
      .status(500)
      .send(errorBody('INTERNAL', 'Something went wrong on our side. Please try again.'));
  });
}
