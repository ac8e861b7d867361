import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { featureRoutes } from './features/index.ts';
import { registerWebApp } from './features/public-pages/web-app.ts';
import { listenForInvalidation } from './lib/invalidation.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerCsrf } from './plugins/csrf.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { contentSecurityPolicy } from './plugins/security-headers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
  }
}

export interface AppDeps {
  database: Database;
}

export const JSON_BODY_LIMIT = 1024 * 1024;

/** Text worth compressing: HTML, CSS, JS, JSON, XML, SVG. Not event streams, not binary media or downloads. */
const COMPRESSIBLE = /^text\/(?!event-stream)|[/+]json(?:;|$)|[/+]xml(?:;|$)|javascript|^image\/svg\+xml/;

const SECRET_QUERY_PARAMS =
  /([?&](?:token|signature|sig|expires|client_secret|payment_intent_client_secret|X-Amz-Signature|X-Amz-Credential)=)[^&#]*/gi;
/** A URL safe for logs: secret query values replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMS, '$1[redacted]');
}
export const defaultClientDir = fileURLToPath(new URL('../../dist/client', import.meta.url));
export const defaultServerEntry = fileURLToPath(
  new URL('../../dist/server/entry-server.js', import.meta.url),
);

export interface BuildOptions {
  /** Where the built client is; tests point it at a fixture or leave it missing. */
  clientDir?: string;
  /** The server renderer of the public pages (dist/server/entry-server.js). */
  serverEntryFile?: string;
}

export async function buildApp(config: AppConfig, deps: AppDeps, options: BuildOptions = {}) {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            serializers: {
              // Reset tokens, upload signatures and payment secrets travel in query strings: never log them.
              req: (req: { method: string; url: string; hostname?: string; ip?: string }) => ({
                method: req.method,
                url: redactUrl(req.url),
                host: req.hostname,
                remoteAddress: req.ip,
              }),
            },
          },
    bodyLimit: JSON_BODY_LIMIT,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('config', config);
  app.decorate('database', deps.database);
  app.decorate('db', deps.database.db);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    hsts: config.secureCookies ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });

  // HTML and JSON are compressed per response (brotli or gzip, whichever the client accepts); static files are
  // compressed at build time and sent as files (features/public-pages/web-app.ts). Hijacked streams (SSE) and
  // responses that already carry a Content-Encoding are left alone.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: COMPRESSIBLE,
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'TradeSkills API', version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'ts_session' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerErrorHandling(app);
  registerAuth(app);
  registerCsrf(app);

  await listenForInvalidation(deps.database);
  for (const routes of featureRoutes) await app.register(routes);

  registerWebApp(app, {
    clientDir: options.clientDir ?? defaultClientDir,
    serverEntryFile: options.serverEntryFile ?? defaultServerEntry,
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
