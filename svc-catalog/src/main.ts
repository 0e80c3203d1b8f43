import { createLogger, loadConfig, migrateOnlyIfAsked, onShutdown } from '@medrelay/service-kit';
import { catalogConfigShape } from './config';
import { schema } from './context';
import { createCatalogService, migrationsDir } from './service';

const config = loadConfig(catalogConfigShape);
const logger = createLogger('svc-catalog', config.LOG_LEVEL);
await migrateOnlyIfAsked('svc-catalog', config, schema, migrationsDir, logger);
const service = await createCatalogService(config, logger);
await service.listen();
logger.info({ port: config.PORT }, 'svc-catalog listening');
onShutdown(logger, service.shutdownSteps());
