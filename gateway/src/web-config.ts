import { baseConfigShape, internalPortShape } from '@medrelay/service-kit';
import { z } from 'zod';
import { mapConfigShape } from './map-tiles';

/** Where the front-end builds are, for the gateway and the static front-end server alike. */
export const staticFilesShape = {
  /** Folder holding the shell and mf-<role> folders with their dist builds (the repository root by default). */
  STATIC_ROOT: z.string().default(process.cwd()),
  /** Remotes deployed on their own (versioned folders and remotes.json); <STATIC_ROOT>/dist/mf by default. */
  MF_DEPLOY_DIR: z.string().optional(),
};

/** The settings of the static front-end server (the `web` image, web-server.ts). */
export const webConfigShape = {
  LOG_LEVEL: baseConfigShape.LOG_LEVEL,
  /** The address it listens on (all of them: it runs in a container). */
  HOST: z.string().default('0.0.0.0'),
  /** The HTTP port. */
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  ...staticFilesShape,
  ...mapConfigShape,
  ...internalPortShape,
};
