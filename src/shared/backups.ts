// What a successful backup records for the metrics (backup_runs; docs/deploy.md, "What to watch"): the logical
// backup of `npm run backup`, and a physical base backup of the WAL-archiving tool.
export const BACKUP_KINDS = ['logical', 'base'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];
