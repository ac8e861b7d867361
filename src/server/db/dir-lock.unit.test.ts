import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDirLock, DataDirLockedError, processStartTime } from './dir-lock.ts';

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('acquireDirLock', () => {
  it('refuses a directory locked by another live process, naming the way out', async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      fs.writeFileSync(path.join(dir, 'app.lock'), String(other.pid));
      expect(() => acquireDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDirLock(dir)).toThrow(/DATABASE_URL/);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that is gone, and releases it', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'app.lock'), '999999999');
    const lock = acquireDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'app.lock'), 'utf8')).toBe(
      `${process.pid} ${processStartTime(process.pid)}`,
    );
    lock.release();
    expect(fs.existsSync(path.join(dir, 'app.lock'))).toBe(false);
  });
});

describe('acquireDirLock across process lifetimes', () => {
  const lockScript = (dir: string) =>
    `import { acquireDirLock } from ${JSON.stringify(path.resolve(import.meta.dirname, 'dir-lock.ts'))};` +
    `acquireDirLock(${JSON.stringify(dir)}); process.stdout.write('locked\\n'); setInterval(() => {}, 1000);`;

  it('detects a live owner, and reopens the directory after that owner is killed with SIGKILL', async () => {
    const dir = tempDir();
    const owner = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', lockScript(dir)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        owner.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
        owner.on('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
      });
      const recorded = fs.readFileSync(path.join(dir, 'app.lock'), 'utf8');
      expect(recorded).toBe(`${owner.pid} ${processStartTime(owner.pid!)}`);
      expect(() => acquireDirLock(dir)).toThrow(new RegExp(`pid ${owner.pid}`));
    } finally {
      const exited = new Promise((resolve) => owner.on('exit', resolve));
      owner.kill('SIGKILL');
      await exited;
    }
    // The lock file is still there (nothing ran at exit), and it no longer stops anyone.
    expect(fs.existsSync(path.join(dir, 'app.lock'))).toBe(true);
    const lock = acquireDirLock(dir);
    lock.release();
  }, 30_000);

  it('takes over a lock whose pid is alive but belongs to a process started at another time (PID reuse)', () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      const start = processStartTime(other.pid!);
      expect(start).toMatch(/^\d+$/);
      fs.writeFileSync(path.join(dir, 'app.lock'), `${other.pid} ${Number(start) - 1000}`);
      const lock = acquireDirLock(dir);
      expect(fs.readFileSync(path.join(dir, 'app.lock'), 'utf8')).toBe(
        `${process.pid} ${processStartTime(process.pid)}`,
      );
      lock.release();
      // The same pid with its real start time is a live owner.
      fs.writeFileSync(path.join(dir, 'app.lock'), `${other.pid} ${start}`);
      expect(() => acquireDirLock(dir)).toThrow(DataDirLockedError);
      // Our own pid from an earlier life (a container restarted as pid 1) is stale too.
      fs.writeFileSync(path.join(dir, 'app.lock'), `${process.pid} 1`);
      acquireDirLock(dir).release();
    } finally {
      other.kill();
    }
  });

  it('treats a zombie owner as gone', async () => {
    const dir = tempDir();
    // A child that exits while its parent (this test's helper) never reaps it stays a zombie.
    const parent = spawn(
      process.execPath,
      [
        '-e',
        "const c = require('node:child_process').spawn('sh', ['-c', 'exit 0'], { detached: false }); process.stdout.write(String(c.pid) + '\\n'); require('node:child_process').execSync('sleep 5');",
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const pid = await new Promise<number>((resolve) =>
        parent.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
      );
      // Wait for the child to exit and become a zombie (execSync blocks the parent's event loop from
      // reaping).
      for (let i = 0; i < 100 && processStartTime(pid) !== null; i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(processStartTime(pid)).toBeNull();
      fs.writeFileSync(path.join(dir, 'app.lock'), String(pid));
      acquireDirLock(dir).release();
    } finally {
      parent.kill('SIGKILL');
    }
  });
});
