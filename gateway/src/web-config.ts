import { internalPortShape } from '@medrelay/service-kit';
import { z } from 'zod';
import { mapConfigShape } from './map-tiles';

/** The settings of the static front-end server (the `web` image, web-server.ts). */
export const webConfigShape = {
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  STATIC_ROOT: z.string().default(process.cwd()),
  MF_DEPLOY_DIR: z.string().optional(),
  ...mapConfigShape,
  ...internalPortShape,
};
