import { describe, expect, it } from 'vitest';
import { apiRoutes } from '../index';
import { catalogEndpoints, gatewayEndpoints, identityEndpoints, requestEndpoints } from './index';

describe('the runtime part of the routes (what the browser calls)', () => {
  it('is exactly the method, path and paging of the declarations, one each', () => {
    const light = [catalogEndpoints, identityEndpoints, requestEndpoints, gatewayEndpoints].flatMap((group) =>
      Object.values(group).map((e) => ({ method: e.method, path: e.path, paged: 'paged' in e })),
    );
    const declared = apiRoutes.map((r) => ({ method: r.method, path: r.path, paged: r.paged === true }));
    const key = (e: { method: string; path: string }) => `${e.method} ${e.path}`;
    expect(new Set(light.map(key)).size).toBe(light.length);
    expect([...light].sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
      [...declared].sort((a, b) => key(a).localeCompare(key(b))),
    );
  });

  it('pages only GET lists (the api-client reads a paged answer as items and X-Total-Count)', () => {
    const paged = apiRoutes.filter((r) => r.paged);
    expect(paged.length).toBeGreaterThan(0);
    expect(paged.filter((r) => r.method !== 'get')).toEqual([]);
  });
});
