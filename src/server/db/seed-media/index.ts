import fs from 'node:fs';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { MediaDeps } from '#server/features/media/index.ts';
import { newObjectKey, objectPathFor } from '#server/features/media/index.ts';
import { PDF_COLOURS, PDF_FONTS, renderPdf } from '#server/lib/pdf.util.ts';
import { storedObjects, topics } from '../schema/index.ts';

// Sample media made by the project for the demo content (no downloads):
// - demo-video.mp4: 8 s, 480x270 H.264, silent, moov atom first, made with Debian's ffmpeg
//   (see README.md in this folder for the command);
// - each topic's presentation: a two-page PDF made at seed time with the topic's own title (renderPdf), so no
//   topic shows another's title.
const VIDEO = { file: 'demo-video.mp4', contentType: 'video/mp4', durationSeconds: 8 };
const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));

export interface DemoTopic {
  id: string;
  title: string;
  description: string;
}

async function store(
  deps: MediaDeps,
  fileType: 'video' | 'presentation',
  file: string | { name: string; bytes: Buffer },
  contentType: string,
) {
  const { objectStore } = deps;
  const key = newObjectKey(fileType);
  const size = typeof file === 'string' ? fs.statSync(here(file)).size : file.bytes.length;
  const body = typeof file === 'string' ? fs.createReadStream(here(file)) : Readable.from([file.bytes]);
  await objectStore.put(key, body, contentType, size);
  await deps.db.insert(storedObjects).values({
    key,
    fileType,
    contentType,
    size,
    originalName: typeof file === 'string' ? file : file.name,
    status: 'uploaded',
    attachedAt: new Date(),
  });
  return objectPathFor(key);
}

/**
 * Gives each demo topic its own copy of the sample video and PDF, stored through the object store like an
 * upload (each topic owns its objects, so replacing one topic's video never touches another's).
 */
export async function seedDemoMedia(deps: MediaDeps, demoTopics: DemoTopic[]): Promise<void> {
  try {
    await attachSamples(deps, demoTopics);
  } catch (error) {
    // The demo works without media; a misconfigured store must not stop the first start.
    process.stderr.write(`Demo media could not be stored: ${(error as Error).message}\n`);
  }
}

async function attachSamples(deps: MediaDeps, demoTopics: DemoTopic[]) {
  for (const topic of demoTopics) {
    const videoPath = await store(deps, 'video', VIDEO.file, VIDEO.contentType);
    const pdf = { name: 'demo-presentation.pdf', bytes: await demoPresentation(topic) };
    const presentationPath = await store(deps, 'presentation', pdf, 'application/pdf');
    await deps.db
      .update(topics)
      .set({ videoPath, videoDurationSeconds: VIDEO.durationSeconds, presentationPath })
      .where(eq(topics.id, topic.id));
  }
}

/** Two landscape A4 pages: the topic's title and summary, then a note on what the demo file is. */
export function demoPresentation(topic: DemoTopic): Promise<Buffer> {
  return renderPdf(
    { title: topic.title, layout: 'landscape', subject: 'TradeSkills demo presentation' },
    (doc) => {
      const slide = (heading: string, body: string, page: number) => {
        doc.rect(0, 0, doc.page.width, 90).fill(PDF_COLOURS.navy);
        doc.font(PDF_FONTS.bold).fontSize(14).fillColor(PDF_COLOURS.orange).text('TradeSkills', 50, 36);
        doc
          .font(PDF_FONTS.bold)
          .fontSize(30)
          .fillColor(PDF_COLOURS.navy)
          .text(heading, 50, 140, { width: 740 });
        doc.moveDown(0.8);
        doc.font(PDF_FONTS.regular).fontSize(18).fillColor(PDF_COLOURS.text).text(body, { width: 740 });
        doc
          .fontSize(11)
          .fillColor(PDF_COLOURS.muted)
          .text(`TradeSkills demo content - page ${page} of 2`, 50, doc.page.height - 60, {
            lineBreak: false,
          });
      };
      slide(topic.title, topic.description, 1);
      doc.addPage();
      slide(
        'About this presentation',
        `A sample made by the TradeSkills project for the demo topic "${topic.title}". Replace it with your own ` +
          'slides from the topic card in Content.',
        2,
      );
    },
  );
}
