// TEMPORARY, removed at merge (issue 17): the account verbs live with the tables they change (auth/);
// account.routes.ts imports ../auth/change-email.ts at merge.
export * from '../auth/change-email.ts';
