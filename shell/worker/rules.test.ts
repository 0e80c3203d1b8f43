import { describe, expect, it } from 'vitest';
import {
  apiCacheOf,
  isOfflineList,
  isQueuedForm,
  isRemoteChunk,
  isRemoteEntry,
  isShellChunk,
  serverPages,
  userOfAuthorization,
} from './rules';

const origin = 'https://medrelay.example';
const at = (path: string, base = origin) => new URL(path, base);
/** A token as svc-identity signs it: only its payload's subject is read here. */
const token = (payload: object) =>
  `Bearer eyJhbGciOiJFUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2lnbmF0dXJl`;

describe("the service worker's rules", () => {
  it('saves the last-seen lists (own medicines, requests and their handover codes, browse pages), nothing else', () => {
    for (const path of [
      '/api/medicines/my?page=2',
      '/api/medicines?search=panadol&page=1',
      '/api/requests/my',
      '/api/requests/41',
      '/api/auth/me',
    ])
      expect(isOfflineList('GET', at(path), origin), path).toBe(true);
    for (const path of ['/api/admin/all-users', '/api/events', '/api/auth/sessions', '/api/requests/my/x'])
      expect(isOfflineList('GET', at(path), origin), path).toBe(false);
    expect(isOfflineList('POST', at('/api/requests/my'), origin)).toBe(false);
    expect(isOfflineList('GET', at('/api/medicines/my', 'https://elsewhere.example'), origin)).toBe(false);
  });

  it('keeps only the main forms for later: a request, a medicine or donation', () => {
    expect(isQueuedForm('POST', at('/api/requests'), origin)).toBe(true);
    expect(isQueuedForm('POST', at('/api/medicines'), origin)).toBe(true);
    expect(isQueuedForm('PUT', at('/api/requests/4/status'), origin)).toBe(false);
    expect(isQueuedForm('POST', at('/api/auth/login'), origin)).toBe(false);
  });

  it("tells a remote's hashed chunks (kept) from what names its current build (network first)", () => {
    expect(isRemoteChunk(at('/mf/ngo/412.3f9a0c1b2d4e.js'), origin)).toBe(true);
    expect(isRemoteChunk(at('/mf/ngo/20261126070000-ab12cd34/412.3f9a0c1b2d4e.js'), origin)).toBe(true);
    expect(isRemoteChunk(at('/mf/ngo/remoteEntry.js'), origin)).toBe(false);
    for (const path of ['/mf/remotes.json', '/mf/ngo/mf-manifest.json', '/mf/ngo/remoteEntry.js'])
      expect(isRemoteEntry(at(path), origin), path).toBe(true);
    expect(isRemoteEntry(at('/mf/ngo/412.3f9a0c1b2d4e.js'), origin)).toBe(false);
    expect(isShellChunk(at('/vendors.ef8e81788587.js'), origin)).toBe(true);
    expect(isShellChunk(at('/main.js'), origin)).toBe(false);
    expect(isShellChunk(at('/mf/ngo/412.3f9a0c1b2d4e.js'), origin)).toBe(false);
  });

  it("gives screens the app's page but leaves the server's own pages alone", () => {
    const isServerPage = (path: string) => serverPages.some((p) => p.test(path));
    expect(['/api/docs', '/api/admin/queues', '/health/ready', '/mf/remotes.json'].every(isServerPage)).toBe(
      true,
    );
    expect(['/', '/ngo/browse', '/login', '/apiary'].some(isServerPage)).toBe(false);
  });

  it("keeps each user's answers apart, by the token's subject", () => {
    expect(userOfAuthorization(token({ sub: '17', role: 'ngo' }))).toBe('17');
    expect(apiCacheOf('17')).toBe('medrelay-api-17');
    expect(userOfAuthorization(null)).toBeNull();
    expect(userOfAuthorization('Bearer not-a-token')).toBeNull();
    expect(userOfAuthorization(token({ role: 'ngo' }))).toBeNull();
    // A subject that could reach another cache's name is not used.
    expect(userOfAuthorization(token({ sub: '17/../18' }))).toBeNull();
  });
});
