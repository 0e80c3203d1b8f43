import { createLogger, loadConfig, onShutdown } from '@medrelay/service-kit';
import { identityConfigShape } from './config';
import { createIdentityService } from './service';

const config = loadConfig(identityConfigShape);
const logger = createLogger('svc-identity', config.LOG_LEVEL);
const service = await createIdentityService(config, logger);
await service.listen();
logger.info({ port: config.PORT }, 'svc-identity listening');
onShutdown(logger, service.shutdownSteps());
