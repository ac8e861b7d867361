import type { FileType } from '#shared/constants.ts';
import type { UploadTarget } from '#shared/schemas/media.ts';
import { apiJson } from './api-client.ts';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100, whole numbers. */
  percent: number;
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** Thrown when the upload is cancelled through the signal. */
export class UploadAbortedError extends Error {
  override name = 'AbortError';
  constructor() {
    super('Upload cancelled');
  }
}

/**
 * Uploads one file: asks the server for a signed URL (POST /api/objects/upload), PUTs the file there with its
 * Content-Type (XHR, for progress events), then confirms it (POST /api/objects/complete). Resolves with the
 * object path (`/objects/...`) to save on a topic, course, avatar or question. Failures reject with the
 * api-client's `"{status}: {body}"` errors (or UploadAbortedError).
 */
export async function uploadObject(
  file: File,
  fileType: FileType,
  options: UploadOptions = {},
): Promise<string> {
  const { signal, onProgress } = options;
  if (signal?.aborted) throw new UploadAbortedError();
  const target = await apiJson<UploadTarget>('POST', '/api/objects/upload', {
    fileType,
    contentType: file.type || undefined,
    fileName: file.name,
    size: file.size,
  });
  if (signal?.aborted) throw new UploadAbortedError();
  await putFile(target, file, { signal, onProgress });
  await apiJson('POST', '/api/objects/complete', { objectPath: target.objectPath });
  return target.objectPath;
}

function putFile(target: UploadTarget, file: File, { signal, onProgress }: UploadOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const cleanup = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('PUT', target.uploadURL);
    const headers = { 'Content-Type': file.type || 'application/octet-stream', ...target.headers };
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      const total = event.lengthComputable ? event.total : file.size;
      onProgress?.({
        loaded: event.loaded,
        total,
        percent: total ? Math.min(100, Math.floor((event.loaded / total) * 100)) : 0,
      });
    };
    xhr.onload = () => {
      cleanup();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.({ loaded: file.size, total: file.size, percent: 100 });
        resolve();
      } else {
        reject(new Error(`${xhr.status}: ${xhr.responseText || xhr.statusText}`));
      }
    };
    xhr.onerror = () => {
      cleanup();
      reject(new Error('Network error during upload'));
    };
    xhr.onabort = () => {
      cleanup();
      reject(new UploadAbortedError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(file);
  });
}

export const isUploadAborted = (error: unknown) => error instanceof UploadAbortedError;

/**
 * The length of a video file in seconds, read by the browser from the file's metadata (nothing is uploaded);
 * undefined when the browser cannot tell within a few seconds.
 */
export function readVideoDuration(file: File, timeoutMs = 5000): Promise<number | undefined> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    const done = (value: number | undefined) => {
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(value);
    };
    const timer = setTimeout(() => done(undefined), timeoutMs);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () =>
      done(Number.isFinite(video.duration) && video.duration > 0 ? video.duration : undefined);
    video.onerror = () => done(undefined);
    video.src = url;
  });
}
