import { describe, expect, it } from 'vitest';
import { identityBehindGateway } from './testing';
import { parseUrlList, UpstreamPool } from './upstream-pool';

describe('UpstreamPool', () => {
  it('goes round robin and skips an instance that refused a connection until its cool-down ends', async () => {
    const pool = new UpstreamPool('catalog', ['http://a', 'http://b', 'http://c'], 50);
    expect([pool.next(), pool.next(), pool.next(), pool.next()]).toEqual([
      'http://a',
      'http://b',
      'http://c',
      'http://a',
    ]);
    pool.markDown('http://b');
    expect(pool.available).toBe(2);
    expect([pool.next(), pool.next(), pool.next()]).toEqual(['http://c', 'http://a', 'http://c']);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(pool.available).toBe(3);
    expect(new Set([pool.next(), pool.next(), pool.next()])).toEqual(
      new Set(['http://a', 'http://b', 'http://c']),
    );
  });

  it('still answers an instance when every one is cooling down (better a try than a certain 503)', () => {
    const pool = new UpstreamPool('catalog', ['http://a'], 10_000);
    pool.markDown('http://a');
    expect(pool.next()).toBe('http://a');
  });

  it('reads a comma-separated list of instances', () => {
    expect(parseUrlList(' http://a:1/, http://b:2 ,')).toEqual(['http://a:1', 'http://b:2']);
  });
});

describe('the gateway in front of a dead and a live instance', () => {
  // Port 9 (discard) refuses connections: an instance that is down.
  const started = identityBehindGateway((identity) => ({
    IDENTITY_URL: `http://127.0.0.1:9,${identity.baseUrl}`,
  }));

  it('fails over: every read succeeds, and the live instance answered them all', async () => {
    const { gw, identity } = started;
    for (let i = 0; i < 6; i++) expect((await gw.api.get('/api/settings')).status).toBe(200);
    const metrics = await (await fetch(`${gw.internalUrl}/metrics`)).text();
    const answered = metrics.match(
      new RegExp(
        `gateway_upstream_answers_total\\{upstream="identity",instance="${identity.baseUrl}"\\} (\\d+)`,
      ),
    );
    expect(Number(answered?.[1])).toBeGreaterThanOrEqual(6);
    expect(metrics).not.toContain('instance="http://127.0.0.1:9"');
    expect(gw.gateway.upstreams.identity.available).toBe(1);
  });
});
