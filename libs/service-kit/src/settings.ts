import { authKeys, defaultSettings, settingsSchema, type Settings } from '@medrelay/contracts';
import type { Redis } from 'ioredis';

/**
 * The system settings identity publishes to Redis, read by the other services (upload size,
 * expiry window, e-mail switches) without calling identity or reading its schema. Cached
 * briefly; defaults apply until identity has published once.
 */
export function publishedSettings(redis: Redis, prefix: string, cacheMs = 1000) {
  let cached: { at: number; value: Settings } | null = null;
  const read = async (): Promise<Settings> => {
    if (cached && Date.now() - cached.at < cacheMs) return cached.value;
    return readNow();
  };
  const readNow = async (): Promise<Settings> => {
    const raw = await redis.get(authKeys.settings(prefix));
    const parsed = settingsSchema.safeParse({ ...defaultSettings, ...(raw ? JSON.parse(raw) : {}) });
    const value = parsed.success ? parsed.data : { ...defaultSettings };
    cached = { at: Date.now(), value };
    return value;
  };
  /** Forgets the cached copy (the gateway's Clear Cache). */
  return Object.assign(read, {
    clear: () => void (cached = null),
    /** Reads Redis now: for work that must follow a change the admin just saved (the expiry scan). */
    fresh: readNow,
  });
}
export type SettingsReader = ReturnType<typeof publishedSettings>;
