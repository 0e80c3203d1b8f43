import { Router } from 'express';
import { z } from 'zod';

// The browse map's tiles: where they come from is a setting. By default a small tile
// set made here, so the map works offline (tests, `npm start` without the internet); production
// points MAP_TILE_URL at OpenStreetMap's tiles (their attribution then shows on the map).

/** The local tile set's address (served below). */
export const localTileUrl = '/map/tiles/{z}/{x}/{y}.svg';

export const mapConfigShape = {
  /** A Leaflet tile URL template (`{z}/{x}/{y}`): OpenStreetMap's in production, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png. */
  MAP_TILE_URL: z.string().default(localTileUrl),
  /** The tiles' credit line shown on the map (OpenStreetMap's licence asks for it). */
  MAP_TILE_ATTRIBUTION: z.string().default(''),
};
export type MapConfig = z.infer<z.ZodObject<typeof mapConfigShape>>;

/** The origin of an absolute tile URL (the CSP lets images come from it), null for our own. */
export function tileOrigin(tileUrl: string): string | null {
  if (!/^https?:\/\//.test(tileUrl)) return null;
  const { origin } = new URL(tileUrl.replace(/\{[a-z]\}/g, '0'));
  // `{s}` subdomains (a.tile…, b.tile…) all count.
  return /\{s\}/.test(tileUrl) ? origin.replace('//0.', '//*.') : origin;
}

/**
 * One tile of the local set: land colour and a faint grid line, the same for every address
 * (256 × 256 SVG; no files to ship). Enough for the markers to be read against; not a map.
 */
const localTile = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<rect width="256" height="256" fill="#f2efe6"/><path d="M0 0.5H256M0.5 0V256" stroke="#ddd7c6"/></svg>`;

export function mapRoutes(config: MapConfig): Router {
  const router = Router();
  router.get('/map/config.json', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json({
      tileUrl: config.MAP_TILE_URL,
      attribution: config.MAP_TILE_ATTRIBUTION,
      maxZoom: 18,
    });
  });
  router.get(/^\/map\/tiles\/\d{1,2}\/\d{1,7}\/\d{1,7}\.svg$/, (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('image/svg+xml').send(localTile);
  });
  return router;
}
