// TEMPORARY, removed at merge (issue 17): the audit log is its own module now (modules/audit/). The routes
// files rewritten on another branch still import it from here; at merge they import ../audit/record-audit.ts.
export * from '../audit/record-audit.ts';
