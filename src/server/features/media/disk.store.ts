import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  isStoreKey,
  type ObjectInfo,
  type ObjectStore,
  type UploadSigner,
  type UploadURLRequest,
} from './object.store.ts';

/** Objects as files under DATA_DIR/objects/<type>/<uuid>; uploads land in .tmp first. */
export class DiskObjectStore implements ObjectStore {
  readonly kind = 'disk' as const;
  readonly root: string;
  readonly tmpDir: string;

  constructor(
    root: string,
    readonly signer: UploadSigner,
  ) {
    this.root = path.resolve(root);
    this.tmpDir = path.join(this.root, '.tmp');
  }

  /** The file for a key. Only server-made keys are accepted, so no path can leave the root. */
  pathFor(key: string): string {
    if (!isStoreKey(key)) throw new Error(`Invalid object key: ${JSON.stringify(key)}`);
    const file = path.join(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error('Object key escapes the store');
    return file;
  }

  async createUploadURL(request: UploadURLRequest) {
    const expires = Math.floor(request.expiresAt.getTime() / 1000);
    const sig = this.signer.sign(request.key, request.fileType, request.maxBytes, expires);
    const query = new URLSearchParams({ max: String(request.maxBytes), expires: String(expires), sig });
    return { url: `/api/objects/upload/${request.key}?${query}` };
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    try {
      const st = await fsp.stat(this.pathFor(key));
      return st.isFile() ? { size: st.size, lastModified: st.mtime } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async readStart(key: string, length: number): Promise<Buffer> {
    return this.readRange(key, 0, length);
  }

  async readRange(key: string, start: number, length: number): Promise<Buffer> {
    const handle = await fsp.open(this.pathFor(key), 'r');
    try {
      const buf = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buf, 0, length, start);
      return buf.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  createReadStream(key: string, range?: { start: number; end: number }): fs.ReadStream {
    return fs.createReadStream(this.pathFor(key), {
      start: range?.start,
      end: range?.end,
      highWaterMark: 256 * 1024,
    });
  }

  async read(key: string): Promise<Readable> {
    return this.createReadStream(key);
  }

  /** A fresh temporary file in the store's own filesystem (so the final link is atomic). */
  async tempFile(): Promise<string> {
    await fsp.mkdir(this.tmpDir, { recursive: true });
    return path.join(this.tmpDir, `${Date.now()}-${Math.random().toString(36).slice(2)}.part`);
  }

  /**
   * Moves a finished temporary file into place without ever overwriting: link() fails if the key
   * exists, so two racing uploads to one URL cannot replace each other's bytes.
   */
  async commit(tempPath: string, key: string): Promise<void> {
    const target = this.pathFor(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    try {
      await fsp.link(tempPath, target);
    } catch (error) {
      // File systems without hard links: a rename, guarded by the existence check (the database row's
      // pending → uploaded update is the real one-upload-per-key guard).
      const code = (error as NodeJS.ErrnoException).code;
      if (!['EPERM', 'ENOTSUP', 'ENOSYS', 'EXDEV'].includes(code ?? '')) throw error;
      if (await this.stat(key)) throw Object.assign(new Error('Object exists'), { code: 'EEXIST' });
      await fsp.rename(tempPath, target);
    } finally {
      await fsp.rm(tempPath, { force: true });
    }
  }

  async put(key: string, body: Readable, _contentType: string, _size: number): Promise<void> {
    const temp = await this.tempFile();
    try {
      await pipeline(body, fs.createWriteStream(temp, { flags: 'wx' }));
      await this.commit(temp, key);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathFor(key), { force: true });
  }

  /** Removes temporary files left by a crash mid-upload (older than maxAgeMs). */
  async sweepTemp(maxAgeMs: number): Promise<number> {
    let removed = 0;
    let names: string[];
    try {
      names = await fsp.readdir(this.tmpDir);
    } catch {
      return 0;
    }
    const cutoff = Date.now() - maxAgeMs;
    for (const name of names) {
      const file = path.join(this.tmpDir, name);
      const st = await fsp.stat(file).catch(() => null);
      if (st && st.mtimeMs < cutoff) {
        await fsp.rm(file, { force: true });
        removed++;
      }
    }
    return removed;
  }
}
