import { createLogger, loadConfig, migrateOnlyIfAsked, onShutdown } from '@medrelay/service-kit';
import { identityConfigShape } from './config';
import { schema } from './context';
import { createIdentityService, migrationsDir } from './service';

const config = loadConfig(identityConfigShape);
const logger = createLogger('svc-identity', config.LOG_LEVEL);
await migrateOnlyIfAsked('svc-identity', config, schema, migrationsDir, logger);
const service = await createIdentityService(config, logger);
await service.listen();
logger.info({ port: config.PORT }, 'svc-identity listening');
onShutdown(logger, service.shutdownSteps());
