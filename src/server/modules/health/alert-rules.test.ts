// The alert rules shipped in deploy/prometheus/: valid for Prometheus (promtool check rules), each alert firing
// when it should and quiet when it should not (promtool test rules, alerts.test.yml), and every series they read
// one that the store serves.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';

const dir = path.resolve(import.meta.dirname, '../../../../deploy/prometheus');
const rules = path.join(dir, 'alerts.yml');
const hasPromtool = spawnSync('promtool', ['--version']).status === 0;

describe.skipIf(!hasPromtool)(
  'alert rules (promtool is not installed: apt-get install -y prometheus, as .ci/run does)',
  () => {
    it('are valid Prometheus rules', () => {
      const out = execFileSync('promtool', ['check', 'rules', rules], { encoding: 'utf8' });
      expect(out).toContain('SUCCESS: 13 rules found');
    });

    it('fire when they should and stay quiet when they should not (alerts.test.yml)', () => {
      const run = spawnSync('promtool', ['test', 'rules', 'alerts.test.yml'], {
        cwd: dir,
        encoding: 'utf8',
      });
      expect(run.stdout + run.stderr).toContain('SUCCESS');
      expect(run.status).toBe(0);
    });
  },
);

describe('alert rules read only series the store serves', () => {
  it('names no metric the store does not export', async () => {
    const { app } = await createTestApp();
    const exported = new Set(
      [...(await app.renderMetrics()).matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]),
    );
    const read = new Set(
      [...fs.readFileSync(rules, 'utf8').matchAll(/\b(acctstore_[a-z_]+|http_[a-z_]+)\b/g)].map(
        (m) => m[1],
      ),
    );
    expect(read.size).toBeGreaterThanOrEqual(8);
    expect([...read].filter((name) => !exported.has(name))).toEqual([]);
  });
});
