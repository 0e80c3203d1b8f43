import { publicImpact } from './api-routes/endpoints/gateway';
import { publicSettings } from './api-routes/endpoints/identity';

/**
 * The GET calls anyone may make without a session (spec §7): the landing page's figures and the
 * public settings. The gateway lets them through whatever token they carry, the API description
 * marks them public, and the browser sends them even when signed out.
 */
export const publicGetPaths: readonly string[] = [publicSettings.path, publicImpact.path];
