import fs from 'node:fs';
import path from 'node:path';

export interface DirLock {
  release(): void;
}

export class DataDirLockedError extends Error {}

/**
 * The kernel's identity of a process: its pid plus its start time (field 22 of /proc/<pid>/stat, in clock ticks
 * since boot). A pid alone is reused after the owner dies (a `kill -9`, a container restart), so a lock naming
 * only a pid can look held forever. Null when the process does not exist or is a zombie; undefined when this
 * system has no /proc (then only the pid can be checked).
 */
export function processStartTime(pid: number): string | null | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return fs.existsSync('/proc/self/stat') ? null : undefined;
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces or ')': split after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (fields[0] === 'Z' || fields[0] === 'X') return null;
  return fields[19] ?? undefined;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the owner a lock file names (`<pid> <start time>`, or a bare pid from older versions) still runs. */
function ownerAlive(pid: number, recordedStart: string | undefined): boolean {
  const start = processStartTime(pid);
  if (start === null) return false;
  if (start === undefined) return processAlive(pid);
  // A live process with another start time is a newcomer that was given the dead owner's pid.
  return recordedStart === undefined || recordedStart === start;
}

function identity(): string {
  const start = processStartTime(process.pid);
  return start ? `${process.pid} ${start}` : String(process.pid);
}

/**
 * Takes an exclusive lock file in `dir`. A lock left by a process that is gone (or whose pid now belongs to
 * another process) is taken over; a live owner makes this throw with a message that says what to do.
 */
export function acquireDirLock(dir: string): DirLock {
  const file = path.join(dir, 'app.lock');
  const me = identity();
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, me);
      fs.closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(file, 'utf8') === me) fs.unlinkSync(file);
          } catch {
            // Already gone.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let content: string;
      try {
        content = fs.readFileSync(file, 'utf8').trim();
      } catch {
        continue; // Removed between our open and read: try again.
      }
      const [pidText, start] = content.split(/\s+/);
      const owner = Number(pidText);
      // Our own pid with another start time is a previous life of this pid (a container's pid 1 after a restart).
      if (Number.isInteger(owner) && owner > 0 && ownerAlive(owner, start)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by ${owner === process.pid ? 'this process already' : `another TradeSkills process (pid ${owner})`}. ` +
            'The embedded database allows one process only: stop the other process, use another DATA_DIR, ' +
            'or set DATABASE_URL to share a PostgreSQL server.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}`);
}
