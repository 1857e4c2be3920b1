// TEMPORARY, removed at merge (issue 17): which group a new account joins is the catalogue's
// (catalogue/find-or-create-group.ts); admin-accounts.routes.ts imports it from there at merge.
export { findOrCreateTemplateFor } from '../catalogue/find-or-create-group.ts';
