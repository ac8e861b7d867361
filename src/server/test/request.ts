import type { FastifyInstance, InjectOptions } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Caller {
  /** The session cookie (from the harness's `login`), sent with every call. */
  cookie?: string;
  /** The client address the server sees (rate limits are per address). */
  remoteAddress?: string;
}

/**
 * The one way tests call the API: `api(t.app, { cookie }).post('/api/messages', body)`. Bodies go as JSON, as the
 * browser sends them (the CSRF rule refuses anything else); the answer is Fastify's inject response.
 */
export function api(app: FastifyInstance, caller: Caller = {}) {
  const call = (method: Method) => (url: string, payload?: object) => {
    const options: InjectOptions = { method, url, headers: caller.cookie ? { cookie: caller.cookie } : {} };
    if (payload !== undefined) options.payload = payload;
    if (caller.remoteAddress) options.remoteAddress = caller.remoteAddress;
    return app.inject(options);
  };
  return {
    get: call('GET'),
    post: call('POST'),
    put: call('PUT'),
    patch: call('PATCH'),
    delete: call('DELETE'),
  };
}
