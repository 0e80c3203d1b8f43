import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { baseConfigShape, loadConfig } from './config';
import { requestLanguage } from './language';

describe('loadConfig', () => {
  it('fails fast naming every bad variable', () => {
    expect(() =>
      loadConfig({ ...baseConfigShape, PORT: z.coerce.number().int() }, { REDIS_URL: 'nope', PORT: 'x' }),
    ).toThrow(/REDIS_URL.*PORT|PORT.*REDIS_URL/);
  });
  it('applies defaults', () => {
    const config = loadConfig(baseConfigShape, { REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(config).toMatchObject({ REDIS_PREFIX: 'medrelay', LOG_LEVEL: 'info', NODE_ENV: 'development' });
  });
});

describe('requestLanguage', () => {
  it('picks Arabic only when it comes before English', () => {
    expect(requestLanguage({ headers: { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.8' } })).toBe('ar');
    expect(requestLanguage({ headers: { 'accept-language': 'en-US,ar;q=0.5' } })).toBe('en');
    expect(requestLanguage({ headers: { 'accept-language': 'fr-FR' } })).toBe('en');
    expect(requestLanguage({ headers: {} })).toBe('en');
  });
});
