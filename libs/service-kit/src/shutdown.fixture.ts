// A process as a service's main.ts sets it up, for shutdown.test.ts: `rejection` leaves a
// rejected promise unhandled, `exception` throws in a timer, `signal` waits for SIGTERM.
import { createLogger } from './logger';
import { onShutdown } from './shutdown';

const logger = createLogger('fixture', 'info');
const say = (step: string) => logger.info({ step }, 'step');
onShutdown(logger, [
  ['http', () => say('http')],
  ['stores', () => new Promise((resolve) => setTimeout(resolve, 20)).then(() => say('stores'))],
]);
// Keeps the process alive as a listening server would.
setInterval(() => undefined, 1000);
const mode = process.argv[2];
setTimeout(() => {
  if (mode === 'rejection') void Promise.reject(new Error('nobody caught this'));
  if (mode === 'exception') throw new Error('thrown in a timer');
  if (mode === 'signal') say('ready');
}, 10);
