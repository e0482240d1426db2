import type { Server } from 'node:http';
import { listen, type ServiceMetrics } from '@stundenplan/base';
import express from 'express';

/**
 * /metrics of the gateway on its own internal port (METRICS_PORT on LISTEN_HOST), so the public
 * port never shows it. Prometheus scrapes this port inside the cluster; npm start binds it to 127.0.0.1.
 */
export function startMetricsServer(metrics: ServiceMetrics, port: number, host: string): Promise<Server> {
  const app = express();
  app.disable('x-powered-by');
  app.get('/metrics', async (_req, res) => {
    res.setHeader('Content-Type', metrics.registry.contentType);
    res.send(await metrics.registry.metrics());
  });
  app.use((_req, res) => {
    res.status(404).json({ detail: 'Nicht gefunden' });
  });
  return listen(app, port, host);
}
