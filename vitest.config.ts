import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    globalSetup: ['./src/server/test/global-setup.ts'],
    setupFiles: ['./src/server/test/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One worker per core: the integration tests mostly wait on PostgreSQL. Vitest's default (cores − 1) ran
    // a single worker on the 2-core CI machine: 519 s, against 247 s with two.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
