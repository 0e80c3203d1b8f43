import { createLogger, loadConfig, migrateOnlyIfAsked, onShutdown } from '@medrelay/service-kit';
import { requestsConfigShape } from './config';
import { schema } from './context';
import { createRequestsService, migrationsDir } from './service';

const config = loadConfig(requestsConfigShape);
const logger = createLogger('svc-requests', config.LOG_LEVEL);
await migrateOnlyIfAsked('svc-requests', config, schema, migrationsDir, logger);
const service = await createRequestsService(config, logger);
await service.listen();
logger.info({ port: config.PORT }, 'svc-requests listening');
onShutdown(logger, service.shutdownSteps());
