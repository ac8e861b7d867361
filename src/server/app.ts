import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyReply, type FastifySchema } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import type { DestinationStream } from 'pino';
import { registerWebApp } from '#server/features/public-pages/index.ts';
import { apiErrorJsonSchema } from '#shared/schemas/common.ts';
import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { closeServices, createFeatureDeps, createServices, type FeatureDeps, type Services } from './deps.ts';
import { featureRoutes } from './features/index.ts';
import { FairShare } from './lib/fair-share.service.ts';
import { FrontDoor } from './lib/front-door.service.ts';
import { listenForInvalidation } from './lib/invalidation.service.ts';
import { loggerOptions } from './lib/logging.util.ts';
import { requestIdOf } from './lib/request-id.util.ts';
import { responseSerializerCompiler } from './lib/response-serializer.util.ts';
import { registerAuth, sessionCookieName } from './plugins/auth.plugin.ts';
import { registerCsrf } from './plugins/csrf.plugin.ts';
import { registerErrorHandling } from './plugins/errors.plugin.ts';
import { apiSecurityHeaders, isApiPath, securityHeaders } from './plugins/security-headers.plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    objectStore: Services['objectStore'];
    payments: Services['payments'];
    mail: Services['mail'];
    signingKey: Services['signingKey'];
    deviceCookieKey: Services['deviceCookieKey'];
    paymentSettlements: Services['paymentSettlements'];
    refundEvents: Services['refundEvents'];
    instalmentEvents: Services['instalmentEvents'];
    cardChangeEvents: Services['cardChangeEvents'];
    mediaAccessRules: Services['mediaAccessRules'];
    learningSubscribers: Services['learningSubscribers'];
    sessions: Services['sessions'];
    learningCache: Services['learningCache'];
    catalogCache: Services['catalogCache'];
    pageCache: Services['pageCache'];
    /** Answers the catalogue's and cached pages' GETs before Fastify (lib/front-door.service.ts). */
    frontDoor: FrontDoor;
    checkoutDeps: FeatureDeps['checkout'];
    instalmentDeps: FeatureDeps['instalments'];
    refundDeps: FeatureDeps['refunds'];
    privacyDeps: FeatureDeps['privacy'];
    mediaDeps: FeatureDeps['media'];
    messageHub: FeatureDeps['messageHub'];
    /** Every route registered (method + pattern + its schema), for the authorization matrix and text-field tests. */
    registeredRoutes: RegisteredRoute[];
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

export interface AppDeps {
  database: Database;
  /** Made by the composition root (deps.ts); built from config and database when not given. */
  services?: Services;
}

export const JSON_BODY_LIMIT = 1024 * 1024;

export { redactUrl } from './lib/logging.util.ts';

/** Text worth compressing: HTML, CSS, JS, JSON, XML, SVG. Not event streams, not binary media or downloads. */
const COMPRESSIBLE = /^text\/(?!event-stream)|[/+]json(?:;|$)|[/+]xml(?:;|$)|javascript|^image\/svg\+xml/;
export const defaultClientDir = fileURLToPath(new URL('../../dist/client', import.meta.url));
export const defaultServerEntry = fileURLToPath(
  new URL('../../dist/server/entry-server.js', import.meta.url),
);

/**
 * TRUST_PROXY as fastify takes it. A bare hop count makes fastify trust no hop at all (it cannot check who the
 * nearest peer is), so `n` becomes "trust the n nearest hops" (the socket peer is hop 0), as README
 * 'Configuration' documents: `1` takes the address the nearest proxy saw, the last X-Forwarded-For entry.
 */
function proxyTrust(setting: AppConfig['trustProxy']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

export interface BuildOptions {
  /** Where the built client is; tests point it at a fixture or leave it missing. */
  clientDir?: string;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: DestinationStream;
  /** The server renderer of the public pages (dist/server/entry-server.js). */
  serverEntryFile?: string;
}

export async function buildApp(config: AppConfig, deps: AppDeps, options: BuildOptions = {}) {
  // Visitors take turns with session work when both are waiting (lib/fair-share.service.ts), at the front door and
  // in the request hook alike.
  const sessionCookie = sessionCookieName(config.secureCookies);
  const fairShare = new FairShare(sessionCookie);
  const pageHeaders = securityHeaders(config);
  const apiHeaders = apiSecurityHeaders(pageHeaders);
  const frontDoor = new FrontDoor(fairShare, sessionCookie, { api: apiHeaders, page: pageHeaders });
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    bodyLimit: JSON_BODY_LIMIT,
    serverFactory: frontDoor.serverFactory(),
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
    // Only then is X-Forwarded-For believed for request.ip; without it a forged header gains nothing.
    trustProxy: proxyTrust(config.trustProxy),
    // A URL fastify cannot decode (e.g. %ED%A0%80, a lone surrogate) never reaches a route: answer it in our
    // shape.
    frameworkErrors: (error, _request, reply) => {
      const res = reply as unknown as FastifyReply;
      if (error.code === 'FST_ERR_BAD_URL')
        return res.status(400).send({ message: 'Malformed URL', code: 'BAD_URL' });
      return res.status(400).send({ message: 'Bad request', code: 'BAD_REQUEST' });
    },
  }).withTypeProvider<ZodTypeProvider>();

  const services = deps.services ?? (await createServices(config, deps.database));
  app.decorate('config', config);
  app.decorate('database', deps.database);
  app.decorate('db', deps.database.db);
  app.decorate('objectStore', services.objectStore);
  app.decorate('payments', services.payments);
  app.decorate('mail', services.mail);
  app.decorate('signingKey', services.signingKey);
  app.decorate('deviceCookieKey', services.deviceCookieKey);
  app.decorate('paymentSettlements', services.paymentSettlements);
  app.decorate('refundEvents', services.refundEvents);
  app.decorate('instalmentEvents', services.instalmentEvents);
  app.decorate('cardChangeEvents', services.cardChangeEvents);
  app.decorate('mediaAccessRules', services.mediaAccessRules);
  app.decorate('learningSubscribers', services.learningSubscribers);
  app.decorate('sessions', services.sessions);
  app.decorate('learningCache', services.learningCache);
  app.decorate('catalogCache', services.catalogCache);
  app.decorate('pageCache', services.pageCache);
  frontDoor.setLogger(app.log);
  app.decorate('frontDoor', frontDoor);
  app.addHook('onClose', async () => closeServices(services));
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) registeredRoutes.push({ method, url: route.url, schema: route.schema });
    // Request bodies are decompressed only where there can be one: a GET pays for no preParsing hook
    // (README 'Performance').
    if (route.decompress === undefined && methods.every((m) => m === 'GET' || m === 'HEAD'))
      route.decompress = false;
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ crossCheck: config.checkResponses }));
  // Set as the request arrives (a synchronous hook, no promise per request); error replies keep them.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // On the raw response, as helmet sets them: a hijacked stream keeps them and a route's own header wins.
    const security = isApiPath(request.url) ? apiHeaders : pageHeaders;
    for (const [name, value] of security) reply.raw.setHeader(name, value);
    fairShare.admit(request.raw, reply.raw, done);
  });

  await app.register(fastifyCookie);
  // HTML and JSON are compressed per response (brotli or gzip, whichever the client accepts); static files
  // are compressed at build time and sent as files (features/public-pages/web-app.plugin.ts). Hijacked streams (SSE)
  // and responses that already carry a Content-Encoding are left alone.
  // Per-response compression is at a cheap level (brotli 4, gzip 6): maximum quality is only for what is
  // compressed once (built files, cached public pages, the catalogue).
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'TradeSkills API', version: '1.0.0' },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'ts_session' } },
        // Every error body is { message, code }; the codes are listed in src/shared/error-codes.ts.
        schemas: { ApiError: apiErrorJsonSchema() as unknown as OpenAPIV3.SchemaObject },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerErrorHandling(app);
  registerAuth(app);
  registerCsrf(app);

  await listenForInvalidation(deps.database);
  const features = await createFeatureDeps(services, app.log);
  app.decorate('checkoutDeps', features.checkout);
  app.decorate('instalmentDeps', features.instalments);
  app.decorate('refundDeps', features.refunds);
  app.decorate('privacyDeps', features.privacy);
  app.decorate('mediaDeps', features.media);
  app.decorate('messageHub', features.messageHub);
  // Open message streams end before the server stops taking connections; the front door leaves the closing
  // answer (503, connection closed) to Fastify.
  app.addHook('preClose', async () => {
    frontDoor.close();
    await features.messageHub.close();
  });
  for (const routes of featureRoutes) await app.register(routes);

  registerWebApp(app, {
    clientDir: options.clientDir ?? defaultClientDir,
    serverEntryFile: options.serverEntryFile ?? defaultServerEntry,
  });
  return app;
}
