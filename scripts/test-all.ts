// `npm test`: typecheck, lint, unit + integration (Vitest), end-to-end (Playwright in Chromium), then the scan
// of every log those runs wrote for a configured secret (scripts/check-logs-for-secrets.ts, counted as one test).
// The three static checks run side by side (their output printed whole, one after another); the test steps
// stream their output; the last line is the summary of every test run: "tests: N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const bin = (name: string) => path.resolve('node_modules/.bin', name);
const tmp = path.resolve('.tmp');
fs.mkdirSync(tmp, { recursive: true });
const vitestJson = path.join(tmp, 'vitest-results.json');
const playwrightJson = path.join(tmp, 'playwright-results.json');
fs.rmSync(vitestJson, { force: true });
fs.rmSync(playwrightJson, { force: true });
// The logs of this run only: the last step scans them.
fs.rmSync(path.join(tmp, 'test-logs'), { recursive: true, force: true });

type Step = { name: string; cmd: string; args: string[]; env?: Record<string, string> };
const staticChecks: Step[] = [
  { name: 'typecheck', cmd: bin('tsc'), args: ['--noEmit', '-p', 'tsconfig.json'] },
  { name: 'lint', cmd: bin('eslint'), args: ['--max-warnings', '0', '.'] },
  { name: 'format', cmd: bin('prettier'), args: ['--check', '--log-level', 'warn', '.'] },
];
const steps: Step[] = [
  {
    name: 'unit and integration tests',
    cmd: bin('vitest'),
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  },
  {
    name: 'end-to-end tests (Chromium)',
    cmd: bin('playwright'),
    args: ['test'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
  },
  {
    name: 'secrets in logs',
    cmd: process.execPath,
    args: [path.resolve('scripts/check-logs-for-secrets.ts')],
  },
];

const env = { ...process.env, PATH: `${path.resolve('node_modules/.bin')}:${process.env.PATH}` };
const failedSteps: string[] = [];

// Side by side: they only read files, and together they take a third of the time they take in a row.
const checked = await Promise.all(
  staticChecks.map(
    (step) =>
      new Promise<{ step: Step; status: number | null; output: string; secs: string }>(
        (resolve) => {
          const started = Date.now();
          const child = spawn(step.cmd, step.args, { env: { ...env, ...step.env } });
          let output = '';
          child.stdout.on('data', (d: Buffer) => (output += d.toString()));
          child.stderr.on('data', (d: Buffer) => (output += d.toString()));
          child.on('close', (status) =>
            resolve({ step, status, output, secs: ((Date.now() - started) / 1000).toFixed(1) }),
          );
        },
      ),
  ),
);
for (const { step, status, output, secs } of checked) {
  console.log(`\n▶ ${step.name}`);
  if (output) process.stdout.write(output);
  if (status === 0) console.log(`✔ ${step.name} (${secs}s)`);
  else {
    console.log(`✘ ${step.name} failed (${secs}s)`);
    failedSteps.push(step.name);
  }
}
for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const started = Date.now();
  const res = spawnSync(step.cmd, step.args, { stdio: 'inherit', env: { ...env, ...step.env } });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (res.status === 0) console.log(`✔ ${step.name} (${secs}s)`);
  else {
    console.log(`✘ ${step.name} failed (${secs}s)`);
    failedSteps.push(step.name);
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
if (fs.existsSync(vitestJson)) {
  const v = JSON.parse(fs.readFileSync(vitestJson, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + v.numTodoTests;
}
if (fs.existsSync(playwrightJson)) {
  const p = JSON.parse(fs.readFileSync(playwrightJson, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  passed += p.stats.expected + p.stats.flaky;
  failed += p.stats.unexpected;
  skipped += p.stats.skipped;
}
// A step that failed without counting tests (typecheck, lint, a crash) still counts as a failure.
const otherFailures = failedSteps.filter((name) => name !== 'secrets in logs');
const uncounted = otherFailures.length > 0 && failed === 0 ? otherFailures.length : 0;
// The log scan is one test of its own.
if (failedSteps.includes('secrets in logs')) failed += 1;
else passed += 1;
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(`tests: ${passed} passed, ${failed + uncounted} failed, ${skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
