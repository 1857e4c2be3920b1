// When each periodic job last ran, shared by every app process: a process runs a job only after it claimed
// the run here (claim-job-run.ts), so N processes prune once per interval, not N times.
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
});
