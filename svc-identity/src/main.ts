import { createLogger, loadConfig, migrateOnly, onShutdown } from '@medrelay/service-kit';
import { identityConfigShape } from './config';
import { schema } from './context';
import { createIdentityService, migrationsDir } from './service';

const config = loadConfig(identityConfigShape);
const logger = createLogger('svc-identity', config.LOG_LEVEL);
if (process.argv.includes('--migrate-only')) {
  const applied = await migrateOnly({
    name: 'svc-identity',
    databaseUrl: config.DATABASE_URL,
    schema,
    migrationsDir,
    logger,
  });
  logger.info({ applied }, 'migrations done');
  process.exit(0);
}
const service = await createIdentityService(config, logger);
await service.listen();
logger.info({ port: config.PORT }, 'svc-identity listening');
onShutdown(logger, service.shutdownSteps());
