// TEMPORARY, removed at merge (issue 17): the account verbs live with the tables they change (auth/);
// account.routes.ts imports ../auth/update-name.ts at merge.
export * from '../auth/update-name.ts';
