import client from 'prom-client';
import type { UpstreamPool } from './upstream-pool';

const answers = new client.Counter({
  name: 'gateway_upstream_answers_total',
  help: 'Proxied calls answered, by service and instance (shows how the gateway spreads load)',
  labelNames: ['upstream', 'instance'] as const,
});

/** Each instance's counter, found once: labelling a counter on every call hashes its labels. */
const counters = new Map<string, client.Counter.Internal>();

export function countUpstreamAnswer(pool: UpstreamPool, instance: string): void {
  const key = `${pool.name} ${instance}`;
  let counter = counters.get(key);
  if (!counter) counters.set(key, (counter = answers.labels({ upstream: pool.name, instance })));
  counter.inc();
}
