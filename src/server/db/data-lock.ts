// One process per data folder: a pid file taken atomically, replaced only when its owner is dead.
import fs from 'node:fs';
import path from 'node:path';
import { StartupError } from '../startup-error.ts';

export class DataDirInUseError extends StartupError {
  override name = 'DataDirInUseError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !isZombie(pid);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A killed process not yet reaped by its parent still answers kill(0) on Linux. */
function isZombie(pid: number): boolean {
  try {
    return /^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Takes the lock or throws DataDirInUseError; returns the function that releases it. */
export function lockDataDir(dataDir: string): () => void {
  const created = fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'store.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid))
            fs.unlinkSync(lockPath);
        } catch {
          // already gone: nothing to release
        }
        // A start that failed before it made anything leaves no empty folder behind (a full one stays).
        if (created) removeEmptyFolders(dataDir, created);
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirInUseError(
          `The data folder ${dataDir} is already in use by another store process (pid ${owner}). ` +
            'Stop that process first, or set DATA_DIR to another folder.',
        );
      }
      fs.unlinkSync(lockPath); // stale lock left by a crash
    }
  }
  throw new DataDirInUseError(`Could not lock the data folder ${dataDir}`);
}

/** Removes `dir` and its parents up to `top` (the first folder mkdir created), each only while empty. */
function removeEmptyFolders(dir: string, top: string): void {
  for (
    let folder = path.resolve(dir);
    folder.startsWith(path.resolve(top));
    folder = path.dirname(folder)
  ) {
    try {
      fs.rmdirSync(folder);
    } catch {
      return; // not empty: the store made its data there
    }
  }
}
