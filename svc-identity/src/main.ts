import { runService } from '@medrelay/service-kit';
import { identityConfigShape } from './config';
import { schema } from './context';
import { createIdentityService, migrationsDir } from './service';

await runService({
  name: 'svc-identity',
  configShape: identityConfigShape,
  schema,
  migrationsDir,
  create: createIdentityService,
});
