import { mountDevHarness } from '@medrelay/ui/dev-harness';
import app from './app';

void mountDevHarness(app);
