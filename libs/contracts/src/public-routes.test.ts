import { describe, expect, it } from 'vitest';
import { apiRoutes } from './api-routes/index';
import { publicGetPaths } from './public-routes';

describe('public GET calls', () => {
  it('are the GET routes the API description marks public (photos aside, served as files)', () => {
    const described = apiRoutes
      .filter((r) => r.method === 'get' && r.access === 'public' && !r.rawResponse)
      .map((r) => r.path);
    expect(new Set(described)).toEqual(new Set(publicGetPaths));
  });
});
