// Who may call an API route or open a page: one vocabulary for the server's config.access and the client's
// route table (docs/decisions/018-route-access-declaration.md).
/** public: anyone; signed-in: any user; customer: a signed-in user who is not an admin; admin: admins only. */
export const ACCESS_LEVELS = ['public', 'signed-in', 'customer', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/** A page may also be for visitors only (sign-in, sign-up): a signed-in user is sent to their home page. */
export type PageAccess = Access | 'visitor';
