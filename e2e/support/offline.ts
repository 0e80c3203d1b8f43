import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { waitUntil } from '@medrelay/testing';

// What the offline and deploy tests share: a session without the login form, MedRelay's service
// worker, its saved lists, and a weak connection.

/** Signs in with a token (no login form: the sign-in itself is tested elsewhere) in a language. */
export async function openAs(page: Page, token: string, language: string, path: string) {
  await page.goto('/');
  await page.evaluate(
    ([value, lng]) => {
      localStorage.setItem('token', value!);
      localStorage.setItem('i18nextLng', lng!);
    },
    [token, language],
  );
  await page.goto(path);
}

/** Waits until MedRelay's worker controls the page (it claims open pages when it activates). */
export async function waitForWorker(page: Page) {
  await waitUntil(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
    what: "MedRelay's service worker controlling the page",
    timeoutMs: 30_000,
  });
}

export const savedCaches = (page: Page) =>
  page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('medrelay-api-')));

/**
 * A relay in front of the gateway whose answers to the matching paths are held back `delayMs`
 * (a weak mobile connection), the rest passed as they are.
 */
export async function slowProxy(target: string, slowPaths: RegExp) {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const wait = slowPaths.test(req.url ?? '') ? relay.delayMs : 0;
    const forward = () => {
      const out = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: req.url,
          method: req.method,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      out.on('error', () => res.destroy());
      req.pipe(out);
    };
    if (wait) setTimeout(forward, wait);
    else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const relay = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    delayMs: 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return relay;
}
