import { runService } from '@medrelay/service-kit';
import { requestsConfigShape } from './config';
import { schema } from './context';
import { createRequestsService, migrationsDir } from './service';

await runService({
  name: 'svc-requests',
  configShape: requestsConfigShape,
  schema,
  migrationsDir,
  create: createRequestsService,
});
