// TEMPORARY, removed at merge (issue 17): the audit log is its own module now (modules/audit/);
// admin-activity.routes.ts imports ../audit/read-audit-trail.ts at merge.
export * from '../audit/read-audit-trail.ts';
