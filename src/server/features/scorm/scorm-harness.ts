import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { TestContext } from '#server/test/harness.ts';

/** The calls the SCORM tests make: upload a zip through the signed flow, attach it, fetch package files. */
export function scormCalls(getCtx: () => TestContext) {
  const inject = (options: InjectOptions) => getCtx().app.inject(options);

  async function uploadZip(cookie: string, zip: Buffer): Promise<string> {
    const target = await inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { cookie },
      payload: {
        fileType: 'package',
        contentType: 'application/zip',
        size: zip.length,
        fileName: 'lesson.zip',
      },
    });
    expect(target.statusCode).toBe(200);
    const { uploadURL, objectPath } = target.json();
    const put = await inject({
      method: 'PUT',
      url: uploadURL,
      headers: { 'content-type': 'application/zip' },
      payload: zip,
    });
    expect(put.statusCode).toBe(200);
    return objectPath as string;
  }

  async function attach(cookie: string, topicId: string, objectKey: string) {
    return inject({
      method: 'PUT',
      url: `/api/topics/${topicId}/package`,
      headers: { cookie },
      payload: { objectKey },
    });
  }

  async function uploadAndAttach(cookie: string, topicId: string, zip: Buffer) {
    return attach(cookie, topicId, await uploadZip(cookie, zip));
  }

  const getScorm = (cookie: string | undefined, topicId: string) =>
    inject({ method: 'GET', url: `/api/topics/${topicId}/scorm`, headers: cookie ? { cookie } : {} });
  const putScorm = (cookie: string | undefined, topicId: string, cmi: unknown) =>
    inject({
      method: 'PUT',
      url: `/api/topics/${topicId}/scorm`,
      headers: cookie ? { cookie } : {},
      payload: { cmi } as object,
    });
  const file = (url: string, headers: Record<string, string> = {}) => inject({ method: 'GET', url, headers });

  return { uploadZip, attach, uploadAndAttach, getScorm, putScorm, file };
}
