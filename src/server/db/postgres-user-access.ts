// As root, the embedded PostgreSQL runs as the system user "postgres" (it refuses root), which must be able to
// enter every folder on the way to its programs and to the data folder. A project cloned under /root (mode
// 700) is the usual case where it cannot: say so in one sentence before anything is made.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { StartupError } from '../startup-error.ts';

export type RunAs = { uid: number; gid: number };

/**
 * The first folder on the way to `target` that uid/gid cannot enter, or null. Node drops supplementary groups
 * when it starts a process as another user, so only the owner, the primary group and "other" bits count.
 */
export function firstUnreachableFolder(target: string, { uid, gid }: RunAs): string | null {
  let existing = path.resolve(target);
  while (!fs.existsSync(existing)) existing = path.dirname(existing);
  const real = fs.realpathSync(existing);
  const stops = real.split(path.sep).filter(Boolean);
  let folder: string = path.sep;
  for (const part of [null, ...stops]) {
    if (part !== null) folder = path.join(folder, part);
    const st = fs.statSync(folder);
    if (!st.isDirectory()) break;
    const bit = st.uid === uid ? 0o100 : st.gid === gid ? 0o010 : 0o001;
    if ((st.mode & bit) === 0) return folder;
  }
  return null;
}

/** Throws one plain sentence when the postgres user cannot reach the programs or the data folder. */
export function assertPostgresUserCanReach(
  runAs: RunAs,
  binaries: { postgres: string; initdb: string },
  dataDir: string,
): void {
  const blocked = (target: string) => firstUnreachableFolder(target, runAs);
  const programs = blocked(binaries.postgres) ?? blocked(binaries.initdb);
  const data = programs ? null : blocked(path.join(dataDir, 'pgdata'));
  const folder = programs ?? data;
  if (folder) {
    const what = programs
      ? `PostgreSQL's programs in ${path.dirname(binaries.postgres)}`
      : `the data folder ${dataDir}`;
    const move = programs ? 'move the project' : 'move the project (or DATA_DIR)';
    throw new StartupError(
      `Cannot start the embedded PostgreSQL: the store runs as root, so PostgreSQL must run as the system user "postgres", ` +
        `which cannot enter ${folder} to reach ${what}; run the store as a normal user, ${move} to a folder other users ` +
        `can enter (for example /opt/acctstore), or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
  try {
    execFileSync(binaries.postgres, ['--version'], { ...runAs, stdio: 'pipe' });
  } catch (err) {
    const reason = String((err as { stderr?: Buffer }).stderr ?? (err as Error).message)
      .replace(/\s+/g, ' ')
      .trim();
    throw new StartupError(
      `Cannot start the embedded PostgreSQL: the system user "postgres" cannot run ${binaries.postgres} (${reason}); ` +
        'run the store as a normal user, move the project to a folder other users can enter, or set DATABASE_URL to a PostgreSQL server.',
    );
  }
}
