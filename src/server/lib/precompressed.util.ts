import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

// Bodies that many requests share (the catalogue, cached public pages) are compressed once, at the best quality,
// and each request picks the copy its Accept-Encoding allows (README 'Performance'). Routes that send these set
// `compress: false` so @fastify/compress does not compress them again.

export interface Precompressed {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export type Encoding = keyof Precompressed;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Both copies at the best quality, compressed on libuv's thread pool: the event loop is not held meanwhile. */
export async function precompress(body: Buffer | string): Promise<Precompressed> {
  const identity = typeof body === 'string' ? Buffer.from(body) : body;
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip(identity, { level: 9 }),
  ]);
  return { identity, br, gzip: gz };
}

/** The best encoding the client accepts (brotli, then gzip); a `;q=0` refusal is honoured. */
export function acceptedEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const accepts = (name: string) => {
    const at = acceptEncoding.indexOf(name);
    if (at < 0) return false;
    const rest = acceptEncoding.slice(at + name.length).split(',')[0] ?? '';
    return !/;\s*q=0(?:\.0*)?\s*$/.test(rest);
  };
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}

/** Sends the copy the client accepts, with Content-Encoding and Vary set (the reply's type is the caller's). */
export function sendPrecompressed(request: FastifyRequest, reply: FastifyReply, body: Precompressed) {
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body[encoding]);
}
