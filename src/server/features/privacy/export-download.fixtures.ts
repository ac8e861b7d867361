import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { privacyDeps } from '#server/test/feature-deps.ts';
import type { TestContext } from '#server/test/harness.ts';
import { runNextExport } from './export.service.ts';

// The export tests' reading of the ZIP (README 'Your data'): every entry's bytes by name.

export async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z))),
  );
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, async (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        for await (const chunk of stream as Readable) chunks.push(chunk as Buffer);
        files.set(entry.fileName, Buffer.concat(chunks));
        zip.readEntry();
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return files;
}

/** Asks for an export as the signed-in person, builds it as the export job does, and opens the ZIP. */
export async function exportAs(t: TestContext, cookie: string): Promise<Map<string, Buffer>> {
  const asked = await t.app.inject({ method: 'POST', url: '/api/account/data-exports', headers: { cookie } });
  if (asked.statusCode !== 202) throw new Error(`export: ${asked.statusCode} ${asked.body}`);
  while (await runNextExport(privacyDeps(t.app))) {
    // Every queued export, this one included.
  }
  const status = await t.app.inject({
    url: `/api/account/data-exports/${asked.json().id}`,
    headers: { cookie },
  });
  const download = await t.app.inject({ url: status.json().downloadUrl, headers: { cookie } });
  if (download.statusCode !== 200) throw new Error(`download: ${download.statusCode} ${download.body}`);
  return unzip(download.rawPayload);
}
