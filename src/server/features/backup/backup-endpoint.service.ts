import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

// How `npm run backup` finds the running process: a file under DATA_DIR (mode 0600) with the loopback URL and a
// random token, written when the server listens and removed when it closes. Reading it needs the same access to
// DATA_DIR that a copy of the data would, so the token grants nothing new.

export const BACKUP_TOKEN_HEADER = 'x-backup-token';
export const ENDPOINT_FILE = 'backup-endpoint.json';

export interface BackupEndpoint {
  url: string;
  token: string;
}

export function endpointFile(dataDir: string): string {
  return path.join(dataDir, ENDPOINT_FILE);
}

export function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

export function tokenMatches(expected: string, given: string | string[] | undefined): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Creates this process's token and publishes the endpoint file once the server listens. */
export function publishEndpoint(app: FastifyInstance): { token: string } {
  const token = randomBytes(32).toString('base64url');
  const file = endpointFile(app.config.dataDir);
  let written = '';
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (!address || typeof address === 'string') return;
    const content: BackupEndpoint = { url: `http://127.0.0.1:${address.port}`, token };
    written = JSON.stringify(content);
    fs.mkdirSync(app.config.dataDir, { recursive: true });
    fs.writeFileSync(file, written, { mode: 0o600 });
  });
  app.addHook('onClose', async () => {
    try {
      if (written && fs.readFileSync(file, 'utf8') === written) fs.rmSync(file);
    } catch {
      // Already gone.
    }
  });
  return { token };
}

export function readEndpoint(dataDir: string): BackupEndpoint | null {
  try {
    return JSON.parse(fs.readFileSync(endpointFile(dataDir), 'utf8')) as BackupEndpoint;
  } catch {
    return null;
  }
}
