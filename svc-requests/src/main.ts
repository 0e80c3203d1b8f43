import { createLogger, loadConfig, onShutdown } from '@medrelay/service-kit';
import { requestsConfigShape } from './config';
import { createRequestsService } from './service';

const config = loadConfig(requestsConfigShape);
const logger = createLogger('svc-requests', config.LOG_LEVEL);
const service = await createRequestsService(config, logger);
await service.listen();
logger.info({ port: config.PORT }, 'svc-requests listening');
onShutdown(logger, service.shutdownSteps());
