import { existsSync } from 'node:fs';
import path from 'node:path';
import { userTypes } from '@medrelay/contracts';
import { compressAnswers } from '@medrelay/service-kit';
import express, { Router, type Response } from 'express';
import { readDeployedRemotes } from './deployed-remotes';
import { localTileUrl, mapRoutes, tileOrigin, type MapConfig } from './map-tiles';
import { chooseVariant, precompressedFiles, requestedName, setVariantHeaders } from './precompressed';

/** One remote per role (`mf-<role>`). */
const roles = userTypes;
/** Shown at / until the front ends are built (both languages: it is what a visitor sees). */
const notBuiltPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>MedRelay</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto">
<h1>MedRelay</h1>
<p>The web app is not built yet. The API answers under <code>/api</code> and the platform's health is at <a href="/health">/health</a>.</p>
<div lang="ar" dir="rtl"><p>واجهة المنصة لسه ماتبنتش. الـ API شغال على <code>/api</code>، وحالة المنصة على <a href="/health">/health</a>.</p></div>
</body></html>`;

/** Webpack puts a content hash in file names: those never change and may be cached for a year. */
const hashed = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|jpe?g|webp|svg)$/;

function cacheHeaders(res: Response, file: string) {
  res.setHeader(
    'Cache-Control',
    hashed.test(path.basename(requestedName(file))) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
}

/** A build folder: its precompressed copies first (br > gzip > the file itself). */
function builtFiles(dir: string, options: { dotfiles?: 'ignore' } = {}) {
  return [
    precompressedFiles(dir),
    express.static(dir, { setHeaders: cacheHeaders, index: false, ...options }),
  ];
}

/**
 * Serves the built shell at / (with the SPA fallback) and each built remote at /mf/<role>/,
 * plus /mf/remotes.json listing the remotes that are built, read fresh on every request.
 */
/**
 * The browser keeps the token in localStorage (spec §7), so script injection must be shut out:
 * only our own scripts, no framing (clickjacking of admin actions). Fluent inserts its styles
 * at run time, hence inline styles. 'wasm-unsafe-eval' lets the pack scanner compile its
 * WebAssembly decoder (our own file); it allows no JavaScript eval.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function staticRoutes(
  root: string,
  deployDir = path.join(root, 'dist', 'mf'),
  map: MapConfig = { MAP_TILE_URL: localTileUrl, MAP_TILE_ATTRIBUTION: '' },
): Router {
  const router = Router();
  const shellDist = path.join(root, 'shell', 'dist');
  // The browse map's tiles may come from another origin (MAP_TILE_URL): images only.
  const tiles = tileOrigin(map.MAP_TILE_URL);
  const policy = tiles
    ? contentSecurityPolicy.replace("img-src 'self' data: blob:", `img-src 'self' data: blob: ${tiles}`)
    : contentSecurityPolicy;
  router.use((_req, res, next) => {
    res.setHeader('Content-Security-Policy', policy);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    next();
  });
  // Source maps are for our own debugging, not published.
  router.get(/\.map$/, (_req, res) => res.status(404).end());
  router.use(mapRoutes(map));

  router.get('/mf/remotes.json', compressAnswers(), (req, res) => {
    const built = roles
      .filter((role) => existsSync(path.join(root, `mf-${role}`, 'dist', 'mf-manifest.json')))
      .map((role) => ({ name: `mf_${role}`, role, entry: `/mf/${role}/mf-manifest.json` }));
    // A remote deployed on its own (npm run deploy:remote) wins over the default build.
    const deployed = readDeployedRemotes(deployDir, (problem) =>
      req.log.warn(problem, 'skipped a bad entry of remotes.json'),
    );
    const remotes = [
      ...built.filter((remote) => !deployed.some((d) => d.role === remote.role)),
      ...deployed,
    ].sort((a, b) => roles.indexOf(a.role) - roles.indexOf(b.role));
    res.setHeader('Cache-Control', 'no-cache');
    res.json(remotes);
  });
  for (const role of roles) {
    router.use(`/mf/${role}`, ...builtFiles(path.join(root, `mf-${role}`, 'dist')));
  }
  // Versioned deploys: /mf/<role>/<version>/… from <deployDir>/<role>/<version>/.
  router.use('/mf', ...builtFiles(deployDir, { dotfiles: 'ignore' }));
  router.use(...builtFiles(shellDist));
  // Screens fall back to index.html; a missing file (an old chunk after a redeploy) is a 404,
  // never HTML served as JavaScript.
  router.get(/^\/(?!api(\/|$)|mf\/|health(\/|$))(?!.*\.[a-z0-9]+$).*/i, (req, res, next) => {
    const index = path.join(shellDist, 'index.html');
    if (!existsSync(index)) {
      res.status(503).type('html').send(notBuiltPage);
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    chooseVariant(index, req.headers['accept-encoding']).then(({ file, encoding, vary }) => {
      if (vary) setVariantHeaders(res, index, encoding);
      res.sendFile(file, (err?: NodeJS.ErrnoException) => {
        // As Express does without a callback: a visitor who left is not an error.
        if (err && err.code !== 'ECONNABORTED' && err.syscall !== 'write') next(err);
      });
    }, next);
  });
  return router;
}
