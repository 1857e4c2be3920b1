// Who calls in the authorization matrix, and the answers each row expects of them (in ROLES order).
export const ROLES = ['anonymous', 'customer A', 'customer B', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export type Caller = { role: Role; userId: string | null };
export type Probe = { url: string; payload?: unknown; headers?: Record<string, string> };
/** The request is built afresh for each caller (throwaway objects for mutations); expect is in ROLES order. */
export type Row = {
  expect: readonly [number, number, number, number];
  request: (caller: Caller) => Probe | Promise<Probe>;
  endsSession?: boolean;
};

export const everyone = (status = 200) => [status, status, status, status] as const;
export const SIGNED_IN = [401, 200, 200, 200] as const;
export const CUSTOMERS = (status = 200) => [401, status, status, 403] as const;
export const ADMINS = (status = 200) => [401, 403, 403, status] as const;
/** A's own objects: B (and an admin, who is not the owner) learn nothing, not even that they exist. */
export const A_ONLY = [401, 200, 404, 404] as const;
export const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
