import { createRequire } from 'node:module';
import path from 'node:path';
import { Router } from 'express';
import { openApiDocument } from './openapi';
import { contentSecurityPolicy } from './static';

const swaggerDist = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** No inline script (CSP script-src 'self'): the page loads Swagger UI and this starter as files. */
const docsPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>MedRelay API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
<link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script></body></html>`;
const starter = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });\n`;

/** GET /api/openapi.json (generated once at start) and the interactive page at /api/docs. */
export function apiDocsRoutes(): Router {
  const router = Router();
  const document = JSON.stringify(openApiDocument());
  router.get('/api/openapi.json', (_req, res) => {
    res.type('application/json').setHeader('Cache-Control', 'no-cache');
    res.send(document);
  });
  router.use('/api/docs', (_req, res, next) => {
    res.setHeader('Content-Security-Policy', contentSecurityPolicy);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });
  router.get('/api/docs', (_req, res) => void res.type('html').send(docsPage));
  router.get('/api/docs/start.js', (_req, res) => void res.type('text/javascript').send(starter));
  for (const file of ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png']) {
    router.get(`/api/docs/${file}`, (_req, res) => {
      res.sendFile(path.join(swaggerDist, file), { maxAge: '1h' });
    });
  }
  return router;
}
