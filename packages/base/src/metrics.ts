import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface ServiceMetrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  outboxBacklog: Gauge;
  /** Set by the service kit when the service has an outbox. */
  setBacklogSource(fn: () => Promise<number>): void;
}

let defaultsCollected = false;

/** One registry per service, labelled with its name, so embedded mode keeps them apart. */
export function createMetrics(service: string): ServiceMetrics {
  const registry = new Registry();
  let backlogSource: (() => Promise<number>) | undefined;
  registry.setDefaultLabels({ service });
  if (!defaultsCollected) {
    collectDefaultMetrics({ register: registry });
    defaultsCollected = true;
  }
  return {
    registry,
    httpRequests: new Counter({ name: 'http_requests_total', help: 'HTTP requests', labelNames: ['method', 'route', 'status'], registers: [registry] }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    outboxBacklog: new Gauge({
      name: 'outbox_backlog',
      help: 'Unpublished outbox events',
      registers: [registry],
      async collect() {
        if (backlogSource) this.set(await backlogSource().catch(() => -1));
      },
    }),
    setBacklogSource(fn) {
      backlogSource = fn;
    },
  };
}
