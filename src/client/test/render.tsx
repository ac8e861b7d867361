import { QueryClient } from '@tanstack/react-query';
import { type RenderResult, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Providers } from '#client/app/providers.tsx';
import { getQueryFn } from '#client/lib/api-client.ts';

/** A fresh client with the app's defaults (its fetching queryFn included) minus caching between tests. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { queryFn: getQueryFn({ on401: 'throw' }), retry: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}

export interface RenderWithAppOptions {
  path?: string;
  queryClient?: QueryClient;
}

/** Renders UI inside the app's providers (query client, toaster) at an in-memory URL. */
export function renderWithApp(ui: ReactElement, { path = '/', queryClient }: RenderWithAppOptions = {}) {
  const location = memoryLocation({ path, record: true });
  const client = queryClient ?? createTestQueryClient();
  const result: RenderResult = render(
    <Providers queryClient={client}>
      <Router hook={location.hook}>{ui}</Router>
    </Providers>,
  );
  return { ...result, location, queryClient: client };
}

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

/** Stubs fetch with a function of (url, init); returns the mock so tests can inspect calls. */
export function mockFetch(handler: Handler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(typeof input === 'string' ? input : input.toString(), init)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const adminUser = {
  id: 'u-admin',
  email: 'admin@tradeskills.test',
  firstName: 'Ada',
  lastName: 'Admin',
  role: 'admin' as const,
  profileImageUrl: null,
  mustChangePassword: false,
};

export const studentUser = {
  id: 'u-student',
  email: 'sam@example.com',
  firstName: 'Sam',
  lastName: 'Student',
  role: 'student' as const,
  profileImageUrl: null,
  mustChangePassword: false,
};
