// The one API client of the browser: JSON in and out, errors as ApiError with the server's code and message.
import type { ApiErrorBody, ClientErrorCode } from '../../shared/errors.ts';

export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: ClientErrorCode;
  readonly status: number;
  constructor(status: number, code: ClientErrorCode, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

type Options = Omit<RequestInit, 'body'> & { body?: unknown };

export async function api<T>(path: string, { body, headers, ...init }: Options = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      credentials: 'same-origin',
      ...init,
      headers: {
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Network error. Please check your connection and try again.');
  }
  const text = await res.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!res.ok) {
    const err = (data as ApiErrorBody | null)?.error;
    throw new ApiError(
      res.status,
      err?.code ?? 'HTTP',
      err?.message ?? `Request failed (${res.status})`,
    );
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
