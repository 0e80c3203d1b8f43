import { describe, expect, it } from 'vitest';
import { instancePort, parseScale } from './scale';

const services = ['identity', 'catalog', 'requests'];

describe('npm start --scale', () => {
  it('reads counts per service, with or without the svc- prefix, one instance by default', () => {
    expect(parseScale(['--scale', 'svc-catalog=2', '--scale=requests=3'], services)).toEqual({
      identity: 1,
      catalog: 2,
      requests: 3,
    });
    expect(parseScale([], services)).toEqual({ identity: 1, catalog: 1, requests: 1 });
  });

  it('refuses unknown services, bad counts and unknown options with a clear message', () => {
    expect(() => parseScale(['--scale', 'svc-billing=2'], services)).toThrow(/identity, catalog, requests/);
    expect(() => parseScale(['--scale', 'catalog=0'], services)).toThrow(/from 1 to 8/);
    expect(() => parseScale(['--scale'], services)).toThrow(/<service>=<count>/);
    expect(() => parseScale(['--fast'], services)).toThrow(/Unknown option --fast/);
  });

  it('gives each instance its own port', () => {
    expect([0, 1, 2].map((k) => instancePort(4002, k))).toEqual([4002, 4102, 4202]);
  });
});
