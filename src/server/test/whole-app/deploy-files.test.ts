// The deployment files, read as the machines running them would: every image pinned to a version (the store's by
// its release version), log sizes and memory capped for every container, node run directly (no npm wrapper), and
// stop timeouts longer than the store's own drain plus in-flight allowance (src/server/http/drain.ts), so that
// `docker stop` or `systemctl stop` never kills it mid-request. (No Docker here: compose.yaml is read as text.)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IN_FLIGHT_LIMIT_MS } from '../../http/drain.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
/** The production default of SHUTDOWN_DRAIN_MS (main.ts), plus the in-flight allowance, in seconds. */
const STOP_NEEDS_S = (5_000 + IN_FLIGHT_LIMIT_MS) / 1000;

/** compose.yaml's services, each with the text of its block (anchors expanded by name). */
function composeServices(): Record<string, string> {
  const text = read('compose.yaml');
  const anchors = Object.fromEntries(
    [...text.matchAll(/^x-[\w-]+: &([\w-]+)\n((?: {2}.*\n|\n)+)/gm)].map((m) => [m[1]!, m[2]!]),
  );
  const services = text.slice(text.indexOf('\nservices:\n'), text.indexOf('\nsecrets:\n'));
  const out: Record<string, string> = {};
  for (const m of services.matchAll(/^ {2}([\w-]+):(.*)\n((?: {4}.*\n|\n)*)/gm)) {
    const expand = (s: string) =>
      s.replace(/(?:<<: )?\*([\w-]+)/g, (all, name: string) => anchors[name] ?? all);
    out[m[1]!] = expand(expand(m[2]! + '\n' + m[3]!)); // an anchor may use another
  }
  return out;
}

describe('deployment files', () => {
  const services = composeServices();

  it('compose.yaml pins every image to a version; the store is tagged by its release, never latest', () => {
    expect(Object.keys(services).sort()).toEqual(['caddy', 'db', 'migrate', 'store1', 'store2']);
    for (const [name, block] of Object.entries(services)) {
      const image = /image: (\S+)/.exec(block)?.[1];
      expect(image, name).toMatch(/:(\d+\.\d+(\.\d+)?$|\$\{ACCTSTORE_VERSION:\?)/);
      expect(image, name).not.toContain('latest');
    }
  });

  it("every Dockerfile's base image is an exact version; the store's is the Node the tests run", () => {
    const bases = [read('Dockerfile'), read('deploy/postgres/Dockerfile')].flatMap((f) =>
      [...f.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]!),
    );
    expect(bases).toHaveLength(3);
    for (const base of bases) expect(base).toMatch(/^[a-z]+:\d+\.\d+(\.\d+)?-[a-z]+(-slim)?$/);
    const tested = JSON.parse(read('node_modules/node/package.json')) as { version: string };
    expect(bases.filter((b) => b.startsWith('node:'))).toEqual([
      `node:${tested.version}-bookworm-slim`,
      `node:${tested.version}-bookworm-slim`,
    ]);
  });

  it('compose archives WAL through archive-push, which creates the stanza first (deploy/postgres/archive-push.sh)', () => {
    expect(services.db).toContain('archive_command=/usr/local/bin/archive-push acctstore %p');
    expect(read('deploy/postgres/Dockerfile')).toContain(
      'COPY --chmod=755 archive-push.sh /usr/local/bin/archive-push',
    );
  });

  it('compose.yaml caps every container: json-file logs rotated, a memory limit', () => {
    for (const [name, block] of Object.entries(services)) {
      expect(block, name).toMatch(/driver: json-file[\s\S]*max-size: \d+m[\s\S]*max-file: '\d+'/);
      expect(block, name).toMatch(/mem_limit: \d+m/);
    }
  });

  it('the database password is a compose secret, not an environment value of the database', () => {
    expect(services.db).toContain('POSTGRES_PASSWORD_FILE: /run/secrets/postgres-password');
    expect(services.db).not.toMatch(/POSTGRES_PASSWORD: /);
  });

  it('node runs the store directly (no npm wrapper) in the image, compose and the systemd unit', () => {
    expect(read('Dockerfile')).toMatch(/^CMD \["node", "src\/server\/main\.ts"\]$/m);
    expect(services.migrate).toContain("command: ['node', 'src/server/cli/migrate.ts']");
    const unit = read('deploy/acctstore@.service');
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/env node .*src\/server\/main\.ts$/m);
    expect(unit.split('\n').filter((l) => !l.startsWith('#') && l.includes('npm'))).toEqual([]);
  });

  it(`stops wait longer than the store's drain + in-flight allowance (${STOP_NEEDS_S} s)`, () => {
    const grace = Number(/stop_grace_period: (\d+)s/.exec(services.store1!)?.[1]);
    expect(grace).toBeGreaterThan(STOP_NEEDS_S);
    const unit = read('deploy/acctstore@.service');
    expect(Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1])).toBeGreaterThan(STOP_NEEDS_S);
  });

  // The machine's own Node (20 on Debian 12, in CI): what a server without Node 24 runs.
  const machineNode = spawnSync('/usr/bin/node', ['--version'], {
    encoding: 'utf8',
  }).stdout?.trim();
  it.skipIf(!machineNode || machineNode.startsWith('v24.'))(
    `on another Node (${machineNode}), every server command stops with one line, not a stack trace about .ts`,
    () => {
      const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
      const commands = ['start:prod', 'db:migrate', 'admin', 'check:ledger', 'backup', 'restore'];
      for (const name of commands) {
        const args = pkg.scripts[name]!.replace(/^.*?exec /, '')
          .split(' ')
          .slice(1);
        const res = spawnSync('/usr/bin/node', args, { cwd: root, encoding: 'utf8' });
        expect(res.status, name).toBe(1);
        expect(res.stderr.trim().split('\n'), name).toEqual([
          `acctstore needs Node 24; this is Node ${machineNode} (/usr/bin/node). Install Node 24 (docs/deploy.md §4).`,
        ]);
      }
    },
  );

  it('each systemd instance has its own env file (METRICS_PORT) besides the shared one', () => {
    const unit = read('deploy/acctstore@.service');
    expect(unit).toContain('EnvironmentFile=/etc/acctstore/acctstore.env');
    expect(unit).toContain('EnvironmentFile=/etc/acctstore/%i.env');
  });
});
