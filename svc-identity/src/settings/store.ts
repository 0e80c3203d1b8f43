import {
  authKeys,
  defaultSettings,
  publicSettingsSchema,
  settingsSchema,
  type PublicSettings,
  type Settings,
  type SettingsUpdate,
} from '@medrelay/contracts';
import { withTransaction, type Logger, type Pool, type Redis } from '@medrelay/service-kit';
import { lockSettingsValues, readSettingsValues, writeSettingsValues } from './repo';

/**
 * System settings, persisted in identity.settings and published to Redis so other services
 * (the gateway's maintenance switch) read the current values without calling identity.
 */
export class SettingsStore {
  constructor(
    private readonly pool: Pool,
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly logger: Logger,
  ) {}

  async get(): Promise<Settings> {
    // Stored values were validated on write; defaults fill keys added since.
    return settingsSchema.parse({ ...defaultSettings, ...(await readSettingsValues(this.pool)) });
  }

  async getPublic(): Promise<PublicSettings> {
    return publicSettingsSchema.parse(await this.get());
  }

  async update(patch: SettingsUpdate, adminId: number): Promise<Settings> {
    const next = await withTransaction(this.pool, async (client) => {
      // Lock the row so two admins saving at once do not lose each other's fields.
      const stored = await lockSettingsValues(client);
      const merged = settingsSchema.parse({ ...defaultSettings, ...stored, ...patch });
      await writeSettingsValues(client, merged, adminId);
      return merged;
    });
    // Saved is saved: a Redis hiccup must not turn it into an error. The next start republishes.
    await this.publish(next).catch((err: Error) =>
      this.logger.error({ err: err.message }, 'settings saved but not published to Redis'),
    );
    return next;
  }

  async publish(settings?: Settings): Promise<void> {
    await this.redis.set(authKeys.settings(this.prefix), JSON.stringify(settings ?? (await this.get())));
  }
}
