import { createLogger, loadConfig, onShutdown } from '@medrelay/service-kit';
import { gatewayConfigShape } from './config';
import { createGateway } from './gateway';

const config = loadConfig(gatewayConfigShape);
const logger = createLogger('gateway', config.LOG_LEVEL);
const gateway = await createGateway(config, logger);
await gateway.listen();
logger.info({ port: config.PORT }, 'gateway listening');
onShutdown(logger, gateway.shutdownSteps());
