import type { KeyValueStore } from '@stundenplan/base';
import type { Express } from 'express';
import type { ServiceName } from './route-table.js';

/**
 * /healthz (alive), /readyz (this gateway can route: its store answers) and /api/healthz (every
 * service's readiness and the database, for people and the status page).
 */
export function healthRoutes(app: Express, urls: Record<ServiceName, string>, store: KeyValueStore): void {
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: 'gateway' });
  });
  // Upstreams are not part of readiness: one service being down must not take every gateway replica
  // out of the load balancer (its routes answer 502).
  app.get('/readyz', async (_req, res) => {
    const storeOk = await store.ping().catch(() => false);
    res.status(storeOk ? 200 : 503).json({ status: storeOk ? 'ok' : 'unavailable', checks: { store: storeOk } });
  });
  app.get('/api/healthz', async (_req, res) => {
    const r = await aggregateReadiness(urls);
    res.status(r.ok ? 200 : 503).json(r.body);
  });
}

async function aggregateReadiness(urls: Record<ServiceName, string>) {
  const entries = await Promise.all(
    (Object.entries(urls) as [ServiceName, string][]).map(async ([name, base]) => {
      try {
        const r = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(3000) });
        const body = (await r.json().catch(() => ({}))) as { checks?: Record<string, boolean> };
        const checks: Record<string, boolean> = body.checks ?? {};
        return [name, { status: r.ok ? 'ok' : 'unavailable', checks }] as const;
      } catch {
        return [name, { status: 'unreachable', checks: {} as Record<string, boolean> }] as const;
      }
    }),
  );
  const services = Object.fromEntries(entries);
  const database = entries.some(([, v]) => 'database' in v.checks) && entries.every(([, v]) => v.checks.database !== false) ? 'ok' : 'unavailable';
  const ok = entries.every(([, v]) => v.status === 'ok');
  return { ok, body: { status: ok ? 'ok' : 'degraded', services, database } };
}
