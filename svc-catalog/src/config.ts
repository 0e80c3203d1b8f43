import { baseConfigShape } from '@medrelay/service-kit';
import { z } from 'zod';
import { cairoTimeZone } from '@medrelay/domain';

export const catalogConfigShape = {
  ...baseConfigShape,
  /** The HTTP port. */
  PORT: z.coerce.number().int().min(0).max(65535).default(4002),
  /** PostgreSQL (schema `catalog`); `npm start` runs an embedded one when unset. */
  DATABASE_URL: z.string().min(1),
  /** Shared with svc-requests for the internal reserve/release calls. */
  INTERNAL_SECRET: z.string().min(16),
  /** Where photos are stored on local disk (the storage interface allows S3 later). */
  UPLOAD_DIR: z.string().default('var/uploads'),
  /** Where people open the platform; used for links in e-mails. */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  /** The daily expiry scan: cron pattern and time zone (Egypt). */
  EXPIRY_SCAN_CRON: z.string().default('0 6 * * *'),
  EXPIRY_SCAN_TZ: z.string().default(cairoTimeZone),
  /**
   * Lists count their total exactly up to this many matches; above it they send the planner's
   * estimate (`X-Total-Is-Estimate: true`). Radius lists (near me) count to at most 100, then
   * estimate from a sample.
   */
  EXACT_TOTAL_UP_TO: z.coerce.number().int().min(1).default(500),
  /**
   * Memory for browse pages kept between identical asks (medicines/browse-cache.ts), in MB;
   * 0 turns the cache off.
   */
  BROWSE_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  /**
   * A browse that waited this long for a database turn is answered 503 OVERLOADED at once
   * (service-kit request-gate.ts); 0: no limit.
   */
  BROWSE_MAX_WAIT_MS: z.coerce.number().int().min(0).default(2000),
  /** Run the event consumers and the expiry-scan worker in this process. */
  WORKERS: z.enum(['on', 'off']).default('on'),
};
export type CatalogConfig = z.infer<z.ZodObject<typeof catalogConfigShape>>;
