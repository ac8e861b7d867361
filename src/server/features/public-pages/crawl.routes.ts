import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { robotsTxt, sitemapEntries, sitemapXml } from './crawl.service.ts';

/** GET /sitemap.xml and GET /robots.txt, both public. */
export const crawlRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const xml = sitemapXml(await sitemapEntries(app.db), app.config.publicUrl);
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'no-cache').send(xml);
  });

  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(app.config.publicUrl)),
  );
};
