import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { connectionArrived } from './arrivals.service.ts';
import type { FairShare } from './fair-share.service.ts';
import { redactUrl } from './logging.util.ts';
import { acceptedEncoding, type Encoding, type Precompressed } from './precompressed.util.ts';
import { requestIdOf } from './request-id.util.ts';

// The front door (docs/decisions/0024-front-door-for-the-catalogue.md): the hottest anonymous reads, the catalogue
// JSON and the public pages visitors get, are the same bytes for every caller and are already rendered and
// compressed once per snapshot. Their GETs and HEADs are answered here, on the socket's request event, before the
// framework builds a request and a reply and runs its hooks, with headers prepared once per body. Everything else,
// and anything not cached yet, goes on to Fastify, whose routes send the same response.

/** A cached body as the front door sends it: its status (200 when absent), validator and copies per encoding. */
export interface FrontBody {
  status?: number;
  etag: string;
  body: Precompressed;
}

/** What a path answers with: fixed headers, and the current body for a path (undefined while it is not cached). */
export interface FrontRoute {
  type: string;
  cacheControl: string;
  /** Vary besides Accept-Encoding (which every front-door answer varies on). */
  vary?: string;
  /** Which security headers (plugins/security-headers.plugin.ts): the API set or a page's. */
  security: 'api' | 'page';
  /** Only requests without a session cookie (a signed-in browser gets something else from Fastify). */
  visitorsOnly?: boolean;
  current: (path: string) => FrontBody | undefined;
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
  private anyPath: FrontRoute | undefined;
  private readonly prepared = new WeakMap<FrontBody, Prepared>();
  private log: FastifyBaseLogger | undefined;
  /** How many requests the front door has answered since start-up. */
  answered = 0;
  /** Set when the app starts closing: from then on Fastify answers everything (a 503 that closes the connection). */
  private closing = false;

  constructor(
    private readonly fairShare: FairShare,
    private readonly sessionCookie: string,
    private readonly security: Record<FrontRoute['security'], [name: string, value: string][]>,
  ) {}

  /** Answers GET and HEAD of exactly `path` (any query string) from `route` while it has a body. */
  serve(path: string, route: FrontRoute): void {
    this.routes.set(path, route);
  }

  /** Answers GET and HEAD of any other path for which `route` has a body (a cache keyed by path). */
  serveCached(route: FrontRoute): void {
    this.anyPath = route;
  }

  /** The app is closing: step aside, so that every request gets Fastify's closing answer. */
  close(): void {
    this.closing = true;
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
      server.on('connection', connectionArrived);
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
      if ((method !== 'GET' && method !== 'HEAD') || this.closing) return next(req, res);
      const path = pathOf(req.url ?? '');
      const route = this.routes.get(path) ?? this.anyPath;
      const current = route && this.admits(route, req) ? route.current(path) : undefined;
      if (!route || !current) return next(req, res);
      this.fairShare.admit(req, res, () => this.answer(req, res, route, current));
    };
  }

  private admits(route: FrontRoute, req: IncomingMessage): boolean {
    if (!route.visitorsOnly) return true;
    const cookie = req.headers.cookie;
    return cookie === undefined || !cookie.includes(this.sessionCookie);
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
      status = current.status ?? 200;
      headers = prepared[encoding];
      if (req.method === 'GET') body = current.body[encoding];
    }
    this.answered++;
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
      ...this.security[route.security].flat(),
      'cache-control',
      route.cacheControl,
      'etag',
      current.etag,
    ];
    const vary = route.vary ? `${route.vary}, Accept-Encoding` : 'Accept-Encoding';
    const ok = (encoding: Encoding) => [
      ...base,
      'content-type',
      route.type,
      'vary',
      vary,
      ...(encoding === 'identity' ? [] : ['content-encoding', encoding]),
      'content-length',
      current.body[encoding].length,
    ];
    return { identity: ok('identity'), br: ok('br'), gzip: ok('gzip'), notModified: [...base, 'vary', vary] };
  }
}

/** A request's path without its query string: the key of the front door's routes and of the page cache. */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
