import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// `npm run test:fast` (TEST_FAST=1) is the quick loop while working: it leaves out the generated-input suites
// (FUZZ_RUNS each, 10,000 by default), the crash tests and the suites that start whole store processes.
// `npm test` and CI run everything.
const slowSuites = [
  'src/server/test/fuzz/**',
  'src/server/test/whole-app/two-processes.test.ts',
  'src/server/test/whole-app/production-artifact.test.ts',
  'src/server/test/whole-app/deploy-guide.test.ts',
  'src/server/test/whole-app/failover.test.ts',
  'src/server/test/whole-app/upgrade.test.ts',
  'src/server/test/whole-app/supplier-faults.test.ts',
  'src/server/test/whole-app/supplier-burst.test.ts',
  'src/server/maintenance/point-in-time-recovery.test.ts',
  '**/*-crash.test.ts',
];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**', ...(process.env.TEST_FAST ? slowSuites : [])],
    globalSetup: ['./src/server/test/global-setup.ts'],
    setupFiles: ['./src/server/test/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker keeps its loaded modules from one test file to the next: each file still gets its own database
    // and app (test/test-app.ts), but no longer loads Fastify, drizzle and the store again. Loading them was
    // about 4 s a file, 73 files: the whole run went from 583 s to 433 s on 2 cores.
    isolate: false,
    // One worker per core: the integration tests mostly wait on PostgreSQL. Vitest's default (cores − 1) ran
    // a single worker on the 2-core CI machine: 519 s, against 247 s with two.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
