import { liveSilenceMs } from '@medrelay/contracts';
import { baseConfigShape } from '@medrelay/service-kit';
import { z } from 'zod';
import { mapConfigShape } from './map-tiles';
import { staticFilesShape } from './web-config';
import { parseUrlList } from './upstream-pool';

/** One service's instances: a URL or a comma-separated list (the gateway spreads calls over them). */
const instanceUrls = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine((value) => {
      const urls = parseUrlList(value);
      return urls.length > 0 && urls.every((url) => z.url().safeParse(url).success);
    }, 'a URL or a comma-separated list of URLs');

export const gatewayConfigShape = {
  ...baseConfigShape,
  /** The public HTTP port. */
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** The gateway is the edge: it trusts no X-Forwarded-For unless told a load balancer is in front. */
  TRUST_PROXY: z.string().default('false'),
  /** Each service's instances: a URL or a comma-separated list the gateway spreads calls over. */
  IDENTITY_URL: instanceUrls('http://127.0.0.1:4001'),
  CATALOG_URL: instanceUrls('http://127.0.0.1:4002'),
  REQUESTS_URL: instanceUrls('http://127.0.0.1:4003'),
  ...staticFilesShape,
  /**
   * The static front-end server (the `web` image) to forward pages to, instead of serving the
   * builds from STATIC_ROOT (containers: the gateway image holds no front-end files).
   */
  FRONTEND_URL: z.string().url().optional(),
  /** The address users open; when https, the gateway's own cookies are marked Secure. */
  PUBLIC_URL: z.string().url().optional(),
  /** Sign-in attempts per address per minute, and writes per caller per minute. */
  LOGIN_RATE_PER_MINUTE: z.coerce.number().int().positive().default(30),
  WRITE_RATE_PER_MINUTE: z.coerce.number().int().positive().default(300),
  /** How long a proxied call may take before the gateway answers 504. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /**
   * How often each live event stream (GET /api/events) sends a heartbeat comment and checks its
   * token again; under the 30–60 s after which proxies and phones drop a silent connection.
   */
  LIVE_HEARTBEAT_MS: z.coerce
    .number()
    .int()
    .positive()
    // Browsers give a stream up after liveSilenceMs without a byte: the heartbeat comes well before.
    .max(liveSilenceMs / 2)
    .default(20_000),
  /**
   * Rows per call when Export Data walks a service's admin list (the lists allow at most 100);
   * tests set a small one so a few rows span many pages.
   */
  EXPORT_PAGE_SIZE: z.coerce.number().int().min(1).max(100).default(100),
  /** The public landing figures (GET /api/impact) are recomputed at most this often. */
  IMPACT_CACHE_MS: z.coerce.number().int().nonnegative().default(30_000),
  ...mapConfigShape,
};
export type GatewayConfig = z.infer<z.ZodObject<typeof gatewayConfigShape>>;
