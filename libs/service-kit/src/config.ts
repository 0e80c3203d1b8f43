import { readFileSync } from 'node:fs';
import { z } from 'zod';

export const internalPortShape = {
  /**
   * GET /metrics (and the gateway's detailed /health) are answered only on this internal port,
   * never on the public one: containers use 9464 (scraped inside the cluster); unset, it is the
   * main port + 1000 (`npm start`: gateway 9080, services 5001–5003), and a free port when the
   * main port is 0 (tests). See `internalPortFor`.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
};

/** Settings every service reads from the environment. */
export const baseConfigShape = {
  /** `production` refuses test-only switches (TEST_CLOCK) and sends no stack traces. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** The least severe log line written (pino levels; JSON lines on stdout). */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The address the HTTP port listens on (`0.0.0.0` in containers). */
  HOST: z.string().default('127.0.0.1'),
  /** Redis: BullMQ queues, token revocations, rate limits, caches (`npm start` starts one when unset). */
  REDIS_URL: z.string().url(),
  /** Namespaces every Redis key and queue, so several platforms (or test files) can share a Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]+$/i)
    .default('medrelay'),
  /**
   * Which proxies may set X-Forwarded-For (Express "trust proxy"): per-address limits need the
   * real client address. A service trusts only the gateway (`loopback` when they share a host,
   * its subnet otherwise); the gateway sets the header itself.
   */
  TRUST_PROXY: z.string().default('loopback'),
  /**
   * The public key that verifies session tokens (PEM, inline with `\n` allowed, or a file path);
   * one of the two is needed. `npm start` generates the pair in `var/keys`.
   */
  JWT_PUBLIC_KEY: z.string().optional(),
  JWT_PUBLIC_KEY_FILE: z.string().optional(),
  ...internalPortShape,
};

/**
 * Parses the environment against a schema and fails fast with every bad variable named,
 * so a misconfigured service never starts half-working.
 */
export function loadConfig<T extends z.ZodRawShape>(shape: T, env: NodeJS.ProcessEnv = process.env) {
  const result = z.object(shape).safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return result.data;
}

/** A PEM key given inline (with literal \n allowed) or as a file path. */
export function readPem(inline: string | undefined, file: string | undefined, what: string): string {
  if (inline) return inline.replace(/\\n/g, '\n');
  if (file) return readFileSync(file, 'utf8');
  throw new Error(`Missing ${what}: set it inline or as a _FILE path`);
}
