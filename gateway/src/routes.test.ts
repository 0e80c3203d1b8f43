import { describe, expect, it } from 'vitest';
import { routesByDeployable } from '@medrelay/contracts/api-routes';
import { matchesPrefix, servicePrefix, upstreams, type UpstreamName } from './routes';

/** The service whose prefixes take this path, as the proxy picks it. */
const serviceOf = (path: string) =>
  (Object.entries(upstreams) as [UpstreamName, readonly string[]][]).filter(([, prefixes]) =>
    prefixes.some((prefix) => matchesPrefix(path, prefix)),
  );

describe('which service answers a path (read from the contracts)', () => {
  it('sends every declared route to the service that declares it, and to no other', () => {
    for (const name of ['identity', 'catalog', 'requests'] as const) {
      for (const route of routesByDeployable[name]) {
        const path = route.path.replace(/:[A-Za-z]+/g, '7');
        expect(
          serviceOf(path).map(([service]) => service),
          path,
        ).toEqual([name]);
      }
    }
  });

  it("proxies none of the gateway's own routes", () => {
    for (const route of routesByDeployable.gateway) expect(serviceOf(route.path), route.path).toEqual([]);
  });

  it('names a prefix by the first segment, the second under /api/admin, never a parameter', () => {
    expect(servicePrefix('/api/requests/:id/status')).toBe('/api/requests');
    expect(servicePrefix('/api/admin/recalls/:id/lift')).toBe('/api/admin/recalls');
    expect(servicePrefix('/api/admin/custody.csv')).toBe('/api/admin/custody.csv');
    expect(() => servicePrefix('/api/:id')).toThrow(/no service prefix/);
    expect(() => servicePrefix('/api')).toThrow(/no service prefix/);
  });
});
