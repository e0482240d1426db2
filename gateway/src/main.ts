import type { Server } from 'node:http';
import { pathToFileURL } from 'node:url';
import { closeServer, createLogger, createMetrics, createStore, MemoryStore, runStandalone, setLogLevel, type RunningService } from '@stundenplan/base';
import { addAcceptCopies } from './accept-copies.js';
import { createGatewayApp } from './app.js';
import { listenGateway } from './connection-limits.js';
import { loadConfig } from './config.js';
import { checkLegalConfig } from './legal-config-check.js';
import { startMetricsServer } from './metrics-server.js';

export async function start(env?: Record<string, string | undefined>): Promise<RunningService> {
  const cfg = loadConfig(env);
  setLogLevel(cfg.LOG_LEVEL);
  const log = createLogger('gateway');
  const store = await createStore(cfg);
  checkLegalConfig(cfg.WEB_DIST, log);
  const metrics = createMetrics('gateway');
  const app = createGatewayApp({
    cfg,
    log,
    store,
    metrics,
    rateOverrides: {
      login: { limit: cfg.LOGIN_LIMIT_PER_IP, windowSeconds: 600 },
      register: { limit: cfg.REGISTER_LIMIT_PER_IP, windowSeconds: 3600 },
    },
  });
  const metricsServer = await startMetricsServer(metrics, cfg.METRICS_PORT, cfg.LISTEN_HOST);
  const limits = {
    maxConnections: cfg.GATEWAY_MAX_CONNECTIONS,
    maxPerAddress: cfg.GATEWAY_MAX_CONNECTIONS_PER_ADDRESS,
    headersTimeoutMs: cfg.GATEWAY_HEADERS_TIMEOUT_MS,
    keepAliveTimeoutMs: cfg.GATEWAY_KEEP_ALIVE_TIMEOUT_MS,
  };
  const server: Server = await listenGateway(app, cfg.PORT, cfg.HOST, limits, log).catch(async (e: unknown) => {
    await closeServer(metricsServer);
    throw e;
  });
  const copies = await addAcceptCopies(server, log, cfg.GATEWAY_ACCEPT_COPIES);
  const addr = server.address();
  return {
    name: 'gateway',
    httpPort: typeof addr === 'object' && addr ? addr.port : cfg.PORT,
    stop: async () => {
      await copies.close();
      await closeServer(server);
      await closeServer(metricsServer);
      if (!(store instanceof MemoryStore)) await store.close();
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runStandalone('gateway', () => start(), createLogger('gateway'));
}
