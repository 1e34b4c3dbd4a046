import { closeSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE_NAME = 'fleetlab.lock';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `The data directory ${dataDir} is already in use by another Fleetlab process (pid ${ownerPid}). ` +
        'Stop that process first, or start this one with a different DATA_DIR. ' +
        'Several API processes can share one database only through PostgreSQL (DATABASE_URL).',
    );
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwnerPid(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Moves a dead owner's lock aside. The rename is atomic, so when two processes race to take
 * over the same stale lock, the loser sees what it actually moved and puts a live lock back.
 */
function removeStaleLock(lockPath: string): void {
  const asidePath = `${lockPath}.stale-${process.pid}`;
  try {
    renameSync(lockPath, asidePath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const movedOwner = readOwnerPid(asidePath);
  if (movedOwner !== null && isProcessAlive(movedOwner)) {
    try {
      linkSync(asidePath, lockPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  unlinkSync(asidePath);
}

/**
 * Takes the embedded database's directory for this process. PGlite itself does not lock
 * its files, and two processes writing them would corrupt the database, so the lock file
 * is created exclusively (O_EXCL) and holds the owner's pid. A lock left by a dead process
 * is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const descriptor = openSync(lockPath, 'wx', 0o644);
      try {
        writeSync(descriptor, `${process.pid}\n`);
      } finally {
        closeSync(descriptor);
      }
      let released = false;
      return {
        path: lockPath,
        release() {
          if (released) return;
          released = true;
          if (readOwnerPid(lockPath) === process.pid) unlinkSync(lockPath);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const ownerPid = readOwnerPid(lockPath);
    // A pid-less file is a lock being written right now, or one cut short by a crash.
    if (ownerPid !== null && isProcessAlive(ownerPid)) throw new DataDirLockedError(dataDir, ownerPid);
    if (ownerPid === null && attempt === 0) continue;
    removeStaleLock(lockPath);
  }
  throw new DataDirLockedError(dataDir, readOwnerPid(lockPath) ?? 0);
}
