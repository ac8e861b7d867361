import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_RENDERED_PATHS,
  isClientRenderedPath,
  matchPath,
  SERVER_RENDERED_PATHS,
} from './site-routes.ts';

describe('site routes', () => {
  it('match the client route table exactly, so the server 404s only what the app would', () => {
    const routes = fs.readFileSync(new URL('../client/app/routes.tsx', import.meta.url), 'utf8');
    const inRoutes = [...routes.matchAll(/<Route path="([^"]+)"/g)].map((m) => m[1]).sort();
    expect(inRoutes).toEqual([...SERVER_RENDERED_PATHS, ...CLIENT_RENDERED_PATHS].sort());
  });

  it('match one segment per parameter', () => {
    expect(matchPath('/courses/:courseId', '/courses/abc')).toEqual({ courseId: 'abc' });
    expect(matchPath('/courses/:courseId', '/courses/a%20b')).toEqual({ courseId: 'a b' });
    expect(matchPath('/courses/:courseId', '/courses/')).toBeNull();
    expect(matchPath('/courses/:courseId', '/courses/abc/purchase')).toBeNull();
    expect(matchPath('/courses/:courseId', '/courses/%E0%A4%A')).toBeNull();
    expect(isClientRenderedPath('/courses/abc/purchase')).toBe(true);
    expect(isClientRenderedPath('/admin')).toBe(true);
    expect(isClientRenderedPath('/admin/nope')).toBe(false);
    expect(isClientRenderedPath('/courses/abc')).toBe(false);
  });
});
