import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCachedPage } from '#server/lib/cached-page.presenter.ts';
import { pathOf } from '#server/lib/front-door.service.ts';
import { callerOf, requireUser } from '#server/plugins/auth.plugin.ts';
import {
  certificateCodeParamsSchema,
  certificateIdParamsSchema,
  certificateListSchema,
  certificatePageParamsSchema,
  verifyCredentialSchema,
  verifyResultSchema,
} from '#shared/schemas/certificates.ts';
import { verifyUrl } from './certificate-links.presenter.ts';
import { renderCertificatePdf } from './certificate-pdf.presenter.ts';
import { presentCertificate } from './certificates.presenter.ts';
import * as service from './certificates.service.ts';
import { issuerProfile } from './credential.service.ts';
import { renderNotFoundPage, renderVerifyPage } from './verify-page.tsx';

const tags = ['certificates'];

export const certificatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { publicUrl } = app.config;
  const deps: service.CertificatesDeps = {
    db: app.db,
    publicUrl,
    key: app.signingKey,
  };

  app.get(
    '/api/certificates',
    { onRequest: [requireUser], schema: { tags, response: { 200: certificateListSchema } } },
    async (request) =>
      (await service.listOwnCertificates(app.db, callerOf(request))).map((row) =>
        presentCertificate(row, publicUrl),
      ),
  );

  app.get(
    '/api/certificates/:id/pdf',
    { onRequest: [requireUser], schema: { tags, params: certificateIdParamsSchema } },
    async (request, reply) => {
      const row = await service.certificateForDownload(app.db, callerOf(request), request.params.id);
      const pdf = await renderCertificatePdf(row, publicUrl);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="tradeskills-certificate-${row.code}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  // Public: the code is the secret (144 random bits); anyone holding the link may check the certificate.
  app.get(
    '/api/certificates/:code/credential',
    { schema: { tags, params: certificateCodeParamsSchema } },
    async (request, reply) => {
      const credential = await service.credentialForCode(deps, request.params.code);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `inline; filename="tradeskills-badge-${request.params.code}.json"`)
        .header('cache-control', 'no-cache')
        .send(credential);
    },
  );

  app.get('/api/issuer', { schema: { tags } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(await issuerProfile(await deps.key(), publicUrl)),
  );

  // Changes nothing and carries no authority, so any verifier may post from anywhere.
  app.post(
    '/api/credentials/verify',
    {
      config: { csrfExempt: true },
      schema: { tags, body: verifyCredentialSchema, response: { 200: verifyResultSchema } },
    },
    (request) => service.verifyCredential(deps, request.body),
  );

  // The same page for everyone (the code is the secret), so it is rendered once and kept in the page cache until a
  // certificate changes (docs/decisions/0018-cached-pages-fair-rendering.md); visitors then get it at the front
  // door. It tells search engines to stay away in its own head (no X-Robots-Tag, which the front door does not send).
  app.get(
    '/certificates/:code',
    { schema: { hide: true, params: certificatePageParamsSchema } },
    async (request, reply) => {
      const page = await app.pageCache.get(pathOf(request.url), async () => {
        const row = await service.findCertificateByCode(app.db, request.params.code);
        return row
          ? {
              status: 200,
              html: renderVerifyPage({ row, url: verifyUrl(publicUrl, row.code), publicUrl }),
              cacheable: true,
            }
          : { status: 404, html: renderNotFoundPage(publicUrl), cacheable: false };
      });
      return sendCachedPage(request, reply, page);
    },
  );
};
