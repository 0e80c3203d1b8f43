import { afterEach, vi } from 'vitest';
import { tokenStore } from '@medrelay/api-client';

/**
 * Paged lists are read with their `X-Total-Count` header, past the test's query loader: this
 * answers those GETs (component tests only) as the API does, body the page and total the header,
 * with a session stored so the loader's guard lets them through. Each URL asked is recorded.
 */
export function servePages(answer: (url: URL) => { items: unknown[]; total: number } | Error) {
  tokenStore.set('component-test-token');
  const asked: URL[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    asked.push(url);
    const page = answer(url);
    if (page instanceof Error) throw page;
    return new Response(JSON.stringify(page.items), {
      status: 200,
      headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(page.total) },
    });
  });
  return asked;
}

afterEach(() => {
  vi.restoreAllMocks();
  tokenStore.clear();
});
