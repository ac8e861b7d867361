import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

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

/** This process's token: only a caller that can read the endpoint file under DATA_DIR knows it. */
export const newBackupToken = () => randomBytes(32).toString('base64url');

/** Publishes the endpoint file (mode 0600) for the port the server listens on; returns what it wrote. */
export function writeEndpoint(dataDir: string, port: number, token: string): string {
  const content: BackupEndpoint = { url: `http://127.0.0.1:${port}`, token };
  const written = JSON.stringify(content);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(endpointFile(dataDir), written, { mode: 0o600 });
  return written;
}

/** Removes the endpoint file if it is still the one this process wrote (another process may have replaced it). */
export function removeEndpoint(dataDir: string, written: string): void {
  const file = endpointFile(dataDir);
  try {
    if (fs.readFileSync(file, 'utf8') === written) fs.rmSync(file);
  } catch {
    // Already gone.
  }
}

export function readEndpoint(dataDir: string): BackupEndpoint | null {
  try {
    return JSON.parse(fs.readFileSync(endpointFile(dataDir), 'utf8')) as BackupEndpoint;
  } catch {
    return null;
  }
}
