import {
  catalogImpactSchema,
  identityImpactSchema,
  impactPartPath,
  requestsImpactSchema,
  type PublicImpact,
} from '@medrelay/contracts';
import { livesImpacted, wasteReducedPercent } from '@medrelay/domain';
import { gatewayApi } from '@medrelay/contracts/api-routes';
import { AppError, mount, type Logger } from '@medrelay/service-kit';
import { Router } from 'express';
import type { z } from 'zod';
import type { UpstreamName } from './routes';
import { getFromPool } from './upstream-fetch';
import type { UpstreamPool } from './upstream-pool';

const parts = {
  identity: identityImpactSchema,
  catalog: catalogImpactSchema,
  requests: requestsImpactSchema,
};

/** Combines the services' parts into the public figures (definitions in docs/front-end.md, "Landing impact figures"). */
export function combineImpact(
  identity: z.infer<typeof identityImpactSchema>,
  catalog: z.infer<typeof catalogImpactSchema>,
  requests: z.infer<typeof requestsImpactSchema>,
): PublicImpact {
  const saved = requests.medicinesSaved;
  return {
    medicinesSaved: saved,
    patientsServed: livesImpacted(saved),
    activePartners: identity.activePartners,
    wasteReducedPercent: wasteReducedPercent(saved, catalog.expiredUnits),
  };
}

/** GET /api/impact: the landing page's live figures, from the three services' parts; `clear` empties its cache. */
export function impactRoute(
  targets: Record<UpstreamName, UpstreamPool>,
  options: { timeoutMs: number; cacheMs: number },
  logger: Logger,
): Router & { clear: () => void } {
  const { timeoutMs, cacheMs } = options;
  const api = { router: Router(), verifier: null };
  let cached: { at: number; value: PublicImpact } | null = null;

  async function ask<K extends UpstreamName>(name: K): Promise<z.infer<(typeof parts)[K]>> {
    const res = await getFromPool(targets[name], impactPartPath, { timeoutMs });
    if (!res.ok) throw new Error(`${name} answered ${res.status}`);
    return parts[name].parse(await res.json()) as z.infer<(typeof parts)[K]>;
  }

  mount(api, gatewayApi.publicImpact, async ({ res }) => {
    if (!cached || Date.now() - cached.at >= cacheMs) {
      try {
        const [identity, catalog, requests] = await Promise.all([
          ask('identity'),
          ask('catalog'),
          ask('requests'),
        ]);
        cached = { at: Date.now(), value: combineImpact(identity, catalog, requests) };
      } catch (err) {
        logger.warn({ err: (err as Error).message }, 'impact figures unavailable');
        throw new AppError(503, 'UPSTREAM_UNAVAILABLE', 'serviceUnavailable');
      }
    }
    res.setHeader('Cache-Control', `public, max-age=${Math.round(cacheMs / 1000)}`);
    return cached.value;
  });
  return Object.assign(api.router, { clear: () => (cached = null) });
}
