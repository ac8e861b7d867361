import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { HttpError, payloadTooLarge } from '#server/lib/http.error.ts';
import type { FileType } from '#shared/constants.ts';
import type { DiskObjectStore } from './disk.store.ts';
import { checkContent, SNIFF_BYTES } from './file-types.util.ts';

export const unsupportedMediaType = (message: string) =>
  new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', message);

export interface ReceivedFile {
  size: number;
  contentType: string;
}

/**
 * Streams a request body into a temporary file of the disk store: stops with 413 the moment the limit is
 * passed, checks the magic bytes as soon as enough have arrived (415), and on any failure or abort removes the
 * temporary file. The caller moves the file into place (`store.commit`) once the database agrees.
 *
 * The body is never destroyed on a refusal (that would kill the socket before the 413 is sent): it is
 * detached and paused, and the caller answers with `Connection: close`.
 */
export async function receiveToTemp(
  store: DiskObjectStore,
  body: Readable,
  fileType: FileType,
  maxBytes: number,
  declaredType: string | undefined,
): Promise<ReceivedFile & { tempPath: string }> {
  const tempPath = await store.tempFile();
  const out = fs.createWriteStream(tempPath, { flags: 'wx', highWaterMark: 1024 * 1024 });
  let total = 0;
  let head: Buffer | null = Buffer.alloc(0);
  let contentType = '';
  let settled = false;
  let ended = false;

  const result = new Promise<void>((resolve, reject) => {
    const detach = () => {
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('close', onClose);
      body.off('error', onError);
      body.pause();
    };
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      detach();
      out.destroy();
      reject(error);
    };
    const sniff = () => {
      const checked = checkContent(fileType, head ?? Buffer.alloc(0), declaredType);
      if ('error' in checked) {
        fail(unsupportedMediaType(checked.error));
        return false;
      }
      contentType = checked.contentType;
      head = null;
      return true;
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) return fail(payloadTooLarge(`File is larger than ${maxBytes} bytes`));
      if (head) {
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
        if (head.length >= SNIFF_BYTES && !sniff()) return;
      }
      if (!out.write(chunk)) {
        body.pause();
        out.once('drain', () => {
          if (!settled) body.resume();
        });
      }
    };
    const onEnd = () => {
      ended = true;
      if (settled) return;
      if (total === 0) return fail(new HttpError(400, 'EMPTY_FILE', 'The file is empty'));
      if (head && !sniff()) return;
      out.end();
    };
    // A client that goes away (cancel, lost signal) is not a server error.
    const aborted = () => new HttpError(400, 'UPLOAD_ABORTED', 'The upload was interrupted');
    const onClose = () => {
      if (!ended) fail(aborted());
    };
    const onError = () => fail(aborted());
    out.on('error', fail);
    out.on('finish', () => {
      if (settled) return;
      settled = true;
      detach();
      resolve();
    });
    body.on('data', onData);
    body.on('end', onEnd);
    body.on('close', onClose);
    body.on('error', onError);
    body.resume();
  });

  try {
    await result;
  } catch (error) {
    await new Promise<void>((r) => (out.closed ? r() : out.once('close', () => r())));
    await fsp.rm(tempPath, { force: true });
    throw error;
  }
  return { tempPath, size: total, contentType };
}
