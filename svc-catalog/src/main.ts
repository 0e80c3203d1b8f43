import { createLogger, loadConfig, migrateOnly, onShutdown } from '@medrelay/service-kit';
import { catalogConfigShape } from './config';
import { schema } from './context';
import { createCatalogService, migrationsDir } from './service';

const config = loadConfig(catalogConfigShape);
const logger = createLogger('svc-catalog', config.LOG_LEVEL);
if (process.argv.includes('--migrate-only')) {
  const applied = await migrateOnly({
    name: 'svc-catalog',
    databaseUrl: config.DATABASE_URL,
    schema,
    migrationsDir,
    logger,
  });
  logger.info({ applied }, 'migrations done');
  process.exit(0);
}
const service = await createCatalogService(config, logger);
await service.listen();
logger.info({ port: config.PORT }, 'svc-catalog listening');
onShutdown(logger, service.shutdownSteps());
