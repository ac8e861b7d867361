import type { AuthzCase } from '#server/test/authz.ts';
import { everyone } from '#server/test/authz-fixtures.ts';

// Probes and the API documentation (registered in app.ts) are public: they hold nothing private.
export const authzCases: AuthzCase[] = [
  { method: 'GET', url: '/healthz', expect: everyone(200), note: 'liveness probe' },
  { method: 'GET', url: '/readyz', expect: everyone(200), note: 'readiness probe' },
  { method: 'GET', url: '/api/docs', expect: everyone([200, 302]), note: 'public API docs' },
  { method: 'GET', url: '/api/docs/json', expect: everyone(200), note: 'public OpenAPI document' },
  { method: 'GET', url: '/api/docs/yaml', expect: everyone(200), note: 'public OpenAPI document' },
  {
    method: 'GET',
    url: '/api/docs/static/index.html',
    expect: everyone([200, 302]),
    note: 'public API docs',
  },
  {
    method: 'GET',
    url: '/api/docs/static/swagger-initializer.js',
    expect: everyone(200),
    note: 'public API docs',
  },
  {
    method: 'GET',
    url: '/api/docs/static/*',
    prepare: () => ({ params: { '*': 'swagger-ui.css' } }),
    expect: everyone(200),
    note: 'public API docs assets',
  },
];
