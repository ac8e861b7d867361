import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/dir-lock.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-start-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('start-up', () => {
  it('refuses a second open of the same embedded data directory', async () => {
    const first = await openDatabase({ dataDir });
    try {
      await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      await first.close();
    }
    // Released on close: it opens again.
    const again = await openDatabase({ dataDir });
    await again.close();
    // A new embedded database is created and migrated twice here: slow on a busy machine.
  }, 120_000);

  it('stops with a message naming each bad variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { PATH: process.env.PATH, PORT: 'not-a-port', DATABASE_URL: 'mysql://nope', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toMatch(/PORT: /);
    expect(result.stderr).toMatch(/DATABASE_URL: /);
    expect(result.stderr).not.toMatch(/at .*\.ts:\d+/);
  });
});
