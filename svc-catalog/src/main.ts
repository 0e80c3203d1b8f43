import { runService } from '@medrelay/service-kit';
import { catalogConfigShape } from './config';
import { schema } from './context';
import { createCatalogService, migrationsDir } from './service';

await runService({
  name: 'svc-catalog',
  configShape: catalogConfigShape,
  schema,
  migrationsDir,
  create: createCatalogService,
});
