// Static checks of docker-compose.yml and the Dockerfile against docs/CONVENTIONS.md: every
// service, its ports, env, health check and start order. `docker-compose config -q` (in
// scripts/check-deploy.sh) checks the file's syntax; these check what it says.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { APP_SERVICES, GATEWAY } from './service-table.js';

const root = fileURLToPath(new URL('../', import.meta.url));

interface ComposeService {
  image?: string;
  build?: { context: string; target?: string };
  environment?: Record<string, string | number>;
  healthcheck?: { test: string[] | string };
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
  command?: string[];
}
const compose = parse(readFileSync(`${root}docker-compose.yml`, 'utf8'), { merge: true }) as {
  version?: string;
  services: Record<string, ComposeService>;
};
const services = compose.services;
/** The service `name` of the file; a test naming a missing one fails with its name. */
function service(name: string): ComposeService {
  const found = services[name];
  if (!found) throw new Error(`docker-compose.yml has no service ${name}`);
  return found;
}
const env = (name: string): Record<string, string> => Object.fromEntries(Object.entries(service(name).environment ?? {}).map(([k, v]) => [k, String(v)]));

describe('docker-compose.yml: infrastructure', () => {
  it('uses the Compose Specification (no version key), which allows depends_on conditions', () => {
    expect(compose.version).toBeUndefined();
  });

  it('runs postgres:16 with database stundenplan, redis:7 and a single-node KRaft Kafka, each health-checked', () => {
    expect(service('postgres').image).toBe('postgres:16');
    expect(env('postgres').POSTGRES_DB).toBe('stundenplan');
    expect(service('redis').image).toBe('redis:7');
    const kafka = env('kafka');
    expect(kafka.KAFKA_PROCESS_ROLES).toBe('broker,controller');
    expect(kafka.KAFKA_ADVERTISED_LISTENERS).toBe('PLAINTEXT://kafka:9092');
    expect(kafka.KAFKA_CONTROLLER_QUORUM_VOTERS).toMatch(/^1@kafka:\d+$/);
    expect(Object.keys(kafka).some((k) => k.includes('ZOOKEEPER'))).toBe(false);
    for (const name of ['postgres', 'redis', 'kafka', 'ses']) expect(service(name).healthcheck?.test, name).toBeDefined();
  });
});

describe('docker-compose.yml: the seven services', () => {
  for (const svc of APP_SERVICES) {
    describe(svc.name, () => {
      const e = env(svc.name);

      it(`builds Dockerfile target ${svc.name} and listens on ${svc.http} (HTTP) and ${svc.grpc} (gRPC)`, () => {
        expect(service(svc.name).build?.target).toBe(svc.name);
        expect(e.PORT).toBe(String(svc.http));
        expect(e.GRPC_PORT).toBe(String(svc.grpc));
      });

      it("talks to Postgres, Kafka, Redis and auth's JWKS the distributed way", () => {
        expect(e.EVENT_BUS).toBe('kafka');
        expect(e.KAFKA_BROKERS).toBe('kafka:9092');
        expect(e.STORE).toBe('redis');
        expect(e.REDIS_URL).toBe('redis://redis:6379');
        expect(e.REDIS_KEY_PREFIX).toBe('${REDIS_KEY_PREFIX:-}');
        expect(e.AUTH_JWKS_URL).toBe('http://auth:8081/.well-known/jwks.json');
        expect(e.PUBLIC_BASE_URL).toBe('${PUBLIC_BASE_URL:-http://localhost:8080}');
        if (svc.schema) {
          expect(e.DATABASE_URL).toBe('postgresql://postgres:postgres@postgres:5432/stundenplan');
          expect(e.DB_SCHEMA).toBe(svc.schema);
        }
      });

      it("knows every other service's gRPC address as <NAME>_SERVICE_ADDR", () => {
        for (const other of APP_SERVICES.filter((o) => o.name !== svc.name)) {
          expect(e[`${other.env}_SERVICE_ADDR`], other.env).toBe(`${other.name}:${other.grpc}`);
        }
      });

      it('has a health check and waits for postgres, redis and kafka to be healthy', () => {
        expect(service(svc.name).healthcheck?.test).toBeDefined();
        const deps = service(svc.name).depends_on ?? {};
        for (const infra of ['postgres', 'redis', 'kafka']) expect(deps[infra]?.condition, infra).toBe('service_healthy');
      });
    });
  }

  it('document gets CHROME_PATH; notification sends through SES', () => {
    expect(env('document').CHROME_PATH).toBe('/usr/bin/chromium');
    const n = env('notification');
    expect(n.MAIL_TRANSPORT).toBe('ses');
    expect(n.SES_REGION).toBeTruthy();
    expect(n.SES_ENDPOINT).toBe('http://ses:8005');
    expect(n.MAIL_FROM).toBeTruthy();
  });

  it('auth gets AUTH_JWT_PRIVATE_KEY from the environment, with the key-creating entrypoint as fallback', () => {
    expect(env('auth').AUTH_JWT_PRIVATE_KEY).toBe('${AUTH_JWT_PRIVATE_KEY:-}');
    const entrypoint = readFileSync(`${root}deploy/compose/auth-entrypoint.sh`, 'utf8');
    expect(entrypoint).toContain('export AUTH_JWT_PRIVATE_KEY');
    expect(entrypoint).toContain('exec "$@"');
  });
});

describe('docker-compose.yml: service-to-service security', () => {
  it('every service requires SERVICE_TOKEN_KEY from the environment (no default key in the file)', () => {
    for (const svc of APP_SERVICES) expect(env(svc.name).SERVICE_TOKEN_KEY, svc.name).toMatch(/^\$\{SERVICE_TOKEN_KEY:\?[^}]+\}$/);
    expect(env('gateway').SERVICE_TOKEN_KEY).toBeUndefined();
  });

  it('the local mail outbox stays off: DEV_MAIL_ENABLED=false for notification, no DEV_MAIL for the gateway', () => {
    expect(env('notification').DEV_MAIL_ENABLED).toBe('false');
    expect(env('gateway').DEV_MAIL).toBeUndefined();
  });

  it('only the gateway publishes a port of the product', () => {
    for (const svc of APP_SERVICES) expect(service(svc.name).ports, svc.name).toBeUndefined();
  });
});

describe('docker-compose.yml: the gateway', () => {
  const e = env('gateway');

  it("publishes 8080 and proxies to every service's HTTP port", () => {
    expect(service('gateway').ports).toContain('8080:8080');
    expect(e.PORT).toBe(String(GATEWAY.http));
    for (const svc of APP_SERVICES) expect(e[`${svc.env}_SERVICE_URL`], svc.env).toBe(`http://${svc.name}:${svc.http}`);
  });

  it('starts only after all seven services are healthy', () => {
    const deps = service('gateway').depends_on ?? {};
    for (const svc of APP_SERVICES) expect(deps[svc.name]?.condition, svc.name).toBe('service_healthy');
  });
});

describe('docker-compose.yml: start order', () => {
  it('every dependency exists and the depends_on graph has no cycle', () => {
    const visiting = new Set<string>();
    const done = new Set<string>();
    const visit = (name: string, path: string[]): void => {
      expect(services[name], `${path.join(' -> ')} -> ${name}`).toBeDefined();
      if (done.has(name)) return;
      if (visiting.has(name)) throw new Error(`cycle: ${[...path, name].join(' -> ')}`);
      visiting.add(name);
      for (const dep of Object.keys(service(name).depends_on ?? {})) visit(dep, [...path, name]);
      visiting.delete(name);
      done.add(name);
    };
    for (const name of Object.keys(services)) visit(name, []);
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(`${root}Dockerfile`, 'utf8');
  /** stage name -> { from, body } */
  const stages = new Map<string, { from: string; body: string }>();
  for (const block of dockerfile.split(/^(?=FROM )/m).filter((b) => b.startsWith('FROM '))) {
    const m = /^FROM (\S+) AS (\S+)/.exec(block);
    if (m) stages.set(m[2]!, { from: m[1]!, body: block });
  }
  /** The stage and its ancestors inside this Dockerfile, nearest first. */
  const chain = (name: string): string[] => {
    const out: string[] = [];
    for (let stage = stages.get(name); stage; stage = stages.get(stage.from)) out.push(stage.body);
    return out;
  };
  const lastInChain = (name: string, instruction: string): string | undefined => {
    for (const body of chain(name)) {
      const lines = body.split('\n').filter((l) => l.startsWith(`${instruction} `));
      if (lines.length) return lines[lines.length - 1];
    }
    return undefined;
  };

  it('starts from node:22-bookworm-slim, runs npm ci and builds with turbo', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:22-bookworm-slim$/m);
    expect(dockerfile).toMatch(/^RUN npm ci$/m);
    expect(dockerfile).toMatch(/^RUN npx turbo run build/m);
    expect(dockerfile).toMatch(/npm prune --omit=dev/);
  });

  for (const name of [...APP_SERVICES.map((s) => s.name), GATEWAY.name]) {
    it(`target ${name}: runs its dist/main.js as a numeric non-root user with a /healthz HEALTHCHECK`, () => {
      expect(stages.has(name)).toBe(true);
      const dir = name === 'gateway' ? 'gateway' : `services/${name}`;
      expect(lastInChain(name, 'CMD')).toBe(`CMD ["node", "${dir}/dist/main.js"]`);
      expect(lastInChain(name, 'USER')).toMatch(/^USER [1-9]\d*(:\d+)?$/);
      expect(chain(name).join('\n')).toMatch(/HEALTHCHECK [\s\S]*\/healthz/);
      expect(chain(name).join('\n')).toContain('COPY --from=prod /app /app');
    });
  }

  it('the gateway target points WEB_DIST at the SPA built in the image', () => {
    expect(chain('gateway').join('\n')).toMatch(/^ENV .*WEB_DIST=\/app\/web\/dist/m);
  });

  it('only the document target installs Chromium, and sets CHROME_PATH', () => {
    const document = chain('document').join('\n');
    expect(document).toMatch(/apt-get install[^\n]*chromium/);
    expect(document).toContain('CHROME_PATH=/usr/bin/chromium');
    for (const name of ['auth', 'gateway', 'scheduling-solver']) expect(chain(name).join('\n')).not.toMatch(/chromium/);
  });

  it('.dockerignore keeps node_modules, dist and local data out of the build context', () => {
    const ignore = readFileSync(`${root}.dockerignore`, 'utf8').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '.git', '.data', '.env']) expect(ignore).toContain(entry);
  });
});
