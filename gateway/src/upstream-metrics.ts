import client from 'prom-client';
import type { UpstreamPool } from './upstream-pool';

const answers = new client.Counter({
  name: 'gateway_upstream_answers_total',
  help: 'Proxied calls answered, by service and instance (shows how the gateway spreads load)',
  labelNames: ['upstream', 'instance'] as const,
});

export function countUpstreamAnswer(pool: UpstreamPool, instance: string): void {
  answers.inc({ upstream: pool.name, instance });
}
