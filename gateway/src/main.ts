import type { Server } from 'node:http';
import { pathToFileURL } from 'node:url';
import { closeServer, createLogger, createStore, listen, MemoryStore, runStandalone, setLogLevel, type RunningService } from '@stundenplan/base';
import { createGatewayApp } from './app.js';
import { loadConfig } from './config.js';

export async function start(env?: Record<string, string | undefined>): Promise<RunningService> {
  const cfg = loadConfig(env);
  setLogLevel(cfg.LOG_LEVEL);
  const log = createLogger('gateway');
  const store = await createStore(cfg);
  const app = createGatewayApp({
    cfg,
    log,
    store,
    rateOverrides: {
      login: { limit: cfg.LOGIN_LIMIT_PER_IP, windowSeconds: 600 },
      register: { limit: cfg.REGISTER_LIMIT_PER_IP, windowSeconds: 3600 },
    },
  });
  const server: Server = await listen(app, cfg.PORT);
  const addr = server.address();
  return {
    name: 'gateway',
    httpPort: typeof addr === 'object' && addr ? addr.port : cfg.PORT,
    stop: async () => {
      await closeServer(server);
      if (!(store instanceof MemoryStore)) await store.close();
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runStandalone('gateway', () => start(), createLogger('gateway'));
}
