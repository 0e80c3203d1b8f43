import { createLogger, loadConfig, onShutdown } from '@medrelay/service-kit';
import { catalogConfigShape } from './config';
import { createCatalogService } from './service';

const config = loadConfig(catalogConfigShape);
const logger = createLogger('svc-catalog', config.LOG_LEVEL);
const service = await createCatalogService(config, logger);
await service.listen();
logger.info({ port: config.PORT }, 'svc-catalog listening');
onShutdown(logger, service.shutdownSteps());
