import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { getObjectStore, type MediaDeps } from '#server/features/media/media.service.ts';
import { newObjectKey, objectPathFor } from '#server/features/media/object-store.ts';
import { storedObjects, topics } from '../schema/index.ts';

// Sample media made by the project for the demo content (no downloads):
// - demo-video.mp4: 8 s, 480x270 H.264, silent, moov atom first, made with Debian's ffmpeg
//   (see README.md in this folder for the command);
// - demo-presentation.pdf: a two-page PDF written by hand.
const VIDEO = { file: 'demo-video.mp4', contentType: 'video/mp4', durationSeconds: 8 };
const PDF = { file: 'demo-presentation.pdf', contentType: 'application/pdf' };
const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));

async function store(deps: MediaDeps, fileType: 'video' | 'presentation', file: string, contentType: string) {
  const objectStore = await getObjectStore(deps);
  const key = newObjectKey(fileType);
  const path = here(file);
  const size = fs.statSync(path).size;
  await objectStore.put(key, fs.createReadStream(path), contentType, size);
  await deps.db.insert(storedObjects).values({
    key,
    fileType,
    contentType,
    size,
    originalName: file,
    status: 'uploaded',
    attachedAt: new Date(),
  });
  return objectPathFor(key);
}

/**
 * Gives each demo topic its own copy of the sample video and PDF, stored through the object store like an
 * upload (each topic owns its objects, so replacing one topic's video never touches another's).
 */
export async function seedDemoMedia(deps: MediaDeps, topicIds: string[]): Promise<void> {
  try {
    await attachSamples(deps, topicIds);
  } catch (error) {
    // The demo works without media; a misconfigured store must not stop the first start.
    process.stderr.write(`Demo media could not be stored: ${(error as Error).message}\n`);
  }
}

async function attachSamples(deps: MediaDeps, topicIds: string[]) {
  for (const topicId of topicIds) {
    const videoPath = await store(deps, 'video', VIDEO.file, VIDEO.contentType);
    const presentationPath = await store(deps, 'presentation', PDF.file, PDF.contentType);
    await deps.db
      .update(topics)
      .set({ videoPath, videoDurationSeconds: VIDEO.durationSeconds, presentationPath })
      .where(eq(topics.id, topicId));
  }
}
