import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { FairShare } from './fair-share.service.ts';
import { redactUrl } from './logging.util.ts';
import { acceptedEncoding, type Encoding, type Precompressed } from './precompressed.util.ts';
import { requestIdOf } from './request-id.util.ts';

// The front door (docs/decisions/0024-front-door-for-the-catalogue.md): the hottest anonymous read, the catalogue
// JSON, is the same bytes for every caller and is already serialised and compressed once per snapshot. Its GETs and
// HEADs are answered here, on the socket's request event, before the framework builds a request and a reply and runs
// its hooks, with headers prepared once per snapshot. Everything else, and the catalogue while its cache is cold,
// goes on to Fastify, whose route sends the same response.

/** A cached body as the front door sends it: its validator and its copies per encoding. */
export interface FrontBody {
  etag: string;
  body: Precompressed;
}

/** What a path answers with: fixed headers, and the current body (undefined while it is not cached). */
export interface FrontRoute {
  type: string;
  cacheControl: string;
  current: () => FrontBody | undefined;
}

interface ServerTimeouts {
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number | null;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Header lists (name, value, name, value …) for one body, with a slot for the request id at index 1. */
interface Prepared {
  identity: (string | number)[];
  br: (string | number)[];
  gzip: (string | number)[];
  notModified: (string | number)[];
}

export class FrontDoor {
  private readonly routes = new Map<string, FrontRoute>();
  private readonly prepared = new WeakMap<FrontBody, Prepared>();
  private log: FastifyBaseLogger | undefined;

  constructor(
    private readonly fairShare: FairShare,
    /** The security headers of responses under /api/ (plugins/security-headers.plugin.ts). */
    private readonly security: [name: string, value: string][],
  ) {}

  /** Answers GET and HEAD of exactly `path` (any query string) from `route` while it has a body. */
  serve(path: string, route: FrontRoute): void {
    this.routes.set(path, route);
  }

  /** Request lines go to the app's logger at info level, as Fastify's own do. */
  setLogger(log: FastifyBaseLogger): void {
    // With logging off, Fastify's stand-in logger has no levels at all.
    const levels = log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
    this.log = levels.isLevelEnabled?.('info') ? log : undefined;
  }

  /** Fastify's `serverFactory`: a node:http server with Fastify's timeouts, the front door before Fastify. */
  serverFactory(): NonNullable<FastifyServerOptions['serverFactory']> {
    return (fastify, options) => {
      // Fastify passes its options with their defaults filled in; these are the ones it sets on its own server.
      const timeouts = options as unknown as ServerTimeouts;
      const server = http.createServer(this.handler(fastify as Handler));
      server.keepAliveTimeout = timeouts.keepAliveTimeout;
      server.requestTimeout = timeouts.requestTimeout;
      server.setTimeout(timeouts.connectionTimeout);
      if (timeouts.maxRequestsPerSocket) server.maxRequestsPerSocket = timeouts.maxRequestsPerSocket;
      return server;
    };
  }

  handler(next: Handler): Handler {
    return (req, res) => {
      const method = req.method;
      const url = req.url ?? '';
      const route = method === 'GET' || method === 'HEAD' ? this.routes.get(pathOf(url)) : undefined;
      const current = route?.current();
      if (!route || !current) return next(req, res);
      this.fairShare.admit(req, res, () => this.answer(req, res, route, current));
    };
  }

  private answer(req: IncomingMessage, res: ServerResponse, route: FrontRoute, current: FrontBody): void {
    let prepared = this.prepared.get(current);
    if (!prepared) {
      prepared = this.prepare(route, current);
      this.prepared.set(current, prepared);
    }
    const id = requestIdOf(req.headers['x-request-id']);
    let status = 304;
    let headers = prepared.notModified;
    let body: Buffer | undefined;
    if (req.headers['if-none-match'] !== current.etag) {
      const encoding: Encoding = acceptedEncoding(req.headers['accept-encoding']);
      status = 200;
      headers = prepared[encoding];
      if (req.method === 'GET') body = current.body[encoding];
    }
    const list = headers.slice();
    list[1] = id;
    res.writeHead(status, list);
    res.end(body);
    this.log?.info(
      { reqId: id, req: { method: req.method, url: redactUrl(req.url ?? '') }, res: { statusCode: status } },
      'request completed at the front door',
    );
  }

  private prepare(route: FrontRoute, current: FrontBody): Prepared {
    const base = [
      'x-request-id',
      '',
      ...this.security.flat(),
      'cache-control',
      route.cacheControl,
      'etag',
      current.etag,
    ];
    const ok = (encoding: Encoding) => [
      ...base,
      'content-type',
      route.type,
      'vary',
      'Accept-Encoding',
      ...(encoding === 'identity' ? [] : ['content-encoding', encoding]),
      'content-length',
      current.body[encoding].length,
    ];
    return { identity: ok('identity'), br: ok('br'), gzip: ok('gzip'), notModified: base };
  }
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
