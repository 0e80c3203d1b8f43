import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closeServer, createLogger, createServiceApp, listen } from '@medrelay/service-kit';
import { afterAll, describe, expect, it } from 'vitest';
import { localTileUrl, tileOrigin } from './map-tiles';
import { staticRoutes } from './static';

// The browse map's tiles: a local set by default (offline), another source by setting.

const servers: Array<Awaited<ReturnType<typeof listen>>> = [];
afterAll(() => Promise.all(servers.map((s) => closeServer(s))));

async function serve(map?: { MAP_TILE_URL: string; MAP_TILE_ATTRIBUTION: string }) {
  const root = mkdtempSync(path.join(tmpdir(), 'map-tiles-'));
  const app = createServiceApp(createLogger('web', 'silent'), { json: false, compress: false });
  app.use(staticRoutes(root, undefined, map));
  const server = await listen(app, 0, '127.0.0.1');
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('map tiles', () => {
  it('serves a local tile set and says so, with images from this origin only', async () => {
    const base = await serve();
    const config = await fetch(`${base}/map/config.json`);
    expect(await config.json()).toEqual({ tileUrl: localTileUrl, attribution: '', maxZoom: 18 });
    expect(config.headers.get('content-security-policy')).toContain("img-src 'self' data: blob:;");
    const tile = await fetch(`${base}/map/tiles/7/76/54.svg`);
    expect(tile.status).toBe(200);
    expect(tile.headers.get('content-type')).toContain('image/svg+xml');
    expect(await tile.text()).toMatch(/^<svg /);
    expect((await fetch(`${base}/map/tiles/7/76/x.svg`)).status).toBe(404);
  });

  it('takes another source from MAP_TILE_URL and lets the browser load its images (CSP)', async () => {
    const osm = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
    const base = await serve({ MAP_TILE_URL: osm, MAP_TILE_ATTRIBUTION: '© OpenStreetMap contributors' });
    const config = await fetch(`${base}/map/config.json`);
    expect(((await config.json()) as { tileUrl: string }).tileUrl).toBe(osm);
    expect(config.headers.get('content-security-policy')).toContain(
      "img-src 'self' data: blob: https://tile.openstreetmap.org;",
    );
    expect(tileOrigin('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(tileOrigin(localTileUrl)).toBeNull();
  });
});
