// Static checks of the Helm chart that need no helm binary: values against the schema, one
// template per service, the security and probe settings every Deployment must carry, and
// balanced template actions. scripts/check-deploy.sh adds `helm lint` / `helm template` where helm exists.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { APP_SERVICES, GATEWAY } from '../service-table.js';
import { chartDir, compileSchema, loadValues, re, read, schema, template, type Values } from './chart-files.js';

describe('Chart.yaml', () => {
  it('is an application chart (apiVersion v2) named stundenplan with semver version', () => {
    const chart = parse(read('Chart.yaml')) as Record<string, unknown>;
    expect(chart.apiVersion).toBe('v2');
    expect(chart.name).toBe('stundenplan');
    expect(chart.type).toBe('application');
    expect(String(chart.version)).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/);
    expect(typeof chart.appVersion).toBe('string');
  });
});

describe('values.schema.json', () => {
  it('is a draft-07 schema that accepts the shipped values.yaml', () => {
    expect((schema as { $schema: string }).$schema).toBe('http://json-schema.org/draft-07/schema#');
    const validate = compileSchema();
    const ok = validate(loadValues());
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  const rejected: Array<[string, (v: Values) => void, string]> = [
    [
      'a misspelt service key (auth.replcias)',
      (v) => {
        v.auth.replcias = 2;
      },
      'replcias',
    ],
    [
      'a misspelt global image key (global.image.regsitry)',
      (v) => {
        v.global.image.regsitry = 'x';
      },
      'regsitry',
    ],
    [
      'an unknown top-level block (schedulingsolver)',
      (v) => {
        v.schedulingsolver = { enabled: true };
      },
      'schedulingsolver',
    ],
    [
      'a misspelt mail key (config.mail.sesRegoin)',
      (v) => {
        v.config.mail.sesRegoin = 'eu-west-1';
      },
      'sesRegoin',
    ],
    [
      'a misspelt autoscaling key (maxReplica)',
      (v) => {
        v.schedulingSolver.autoscaling.maxReplica = 9;
      },
      'maxReplica',
    ],
    [
      'a misspelt resource name (memroy)',
      (v) => {
        v.document.resources.limits.memroy = '1Gi';
      },
      'memroy',
    ],
  ];
  for (const [what, mutate, key] of rejected) {
    it(`rejects ${what}`, () => {
      const values = loadValues();
      mutate(values);
      const validate = compileSchema();
      expect(validate(values)).toBe(false);
      const reported = (validate.errors ?? []).some(
        (e) => e.keyword === 'additionalProperties' && (e.params as { additionalProperty?: string }).additionalProperty === key,
      );
      expect(reported).toBe(true);
    });
  }

  it('rejects wrong types and values: a port given as a string, replicas below 0, an unknown pull policy', () => {
    const validate = compileSchema();
    const portAsString = loadValues();
    portAsString.gateway.ports.http = '8080';
    expect(validate(portAsString)).toBe(false);
    const negative = loadValues();
    negative.classes.replicas = -1;
    expect(validate(negative)).toBe(false);
    const policy = loadValues();
    policy.global.image.pullPolicy = 'Sometimes';
    expect(validate(policy)).toBe(false);
  });

  it('accepts a PEM private key (PKCS#8 or SEC1) for secret.authJwtPrivateKey and rejects anything else', () => {
    const validate = compileSchema();
    const withKey = (key: string): Values => {
      const values = loadValues();
      values.secret.authJwtPrivateKey = key;
      return values;
    };
    expect(validate(withKey('-----BEGIN PRIVATE KEY-----\nMIGH\n-----END PRIVATE KEY-----\n'))).toBe(true);
    expect(validate(withKey('-----BEGIN EC PRIVATE KEY-----\nMHcC\n-----END EC PRIVATE KEY-----\n'))).toBe(true);
    expect(validate(withKey('my-secret-password'))).toBe(false);
  });

  it('rejects a service block without its gRPC port', () => {
    const values = loadValues();
    delete values.availability.ports.grpc;
    expect(compileSchema()(values)).toBe(false);
  });
});

describe('one template and one values block per service', () => {
  const values = loadValues();

  for (const svc of APP_SERVICES) {
    it(`${svc.name}: templates/${svc.name}.yaml exists and values.${svc.valuesKey} has the ports of CONVENTIONS.md`, () => {
      expect(existsSync(join(chartDir, 'templates', `${svc.name}.yaml`))).toBe(true);
      const block = values[svc.valuesKey];
      expect(block).toBeTypeOf('object');
      expect(block.enabled).toBe(true);
      expect(block.ports).toEqual({ http: svc.http, grpc: svc.grpc });
      expect(block.image.name).toBe(svc.name);
      expect(block.resources.requests).toBeDefined();
      expect(block.resources.limits).toBeDefined();
      if (svc.schema) expect(block.dbSchema).toBe(svc.schema);
      else expect(block.dbSchema).toBeUndefined();
    });
  }

  it('gateway: templates/gateway.yaml exists and values.gateway listens on 8080', () => {
    expect(existsSync(join(chartDir, 'templates', 'gateway.yaml'))).toBe(true);
    expect(values.gateway.ports).toEqual({ http: GATEWAY.http, metrics: 8090 });
  });

  it('the schema names exactly the service blocks of values.yaml', () => {
    const keys = [...APP_SERVICES.map((s) => s.valuesKey), GATEWAY.valuesKey].sort();
    const schemaKeys = Object.keys((schema as { properties: object }).properties);
    for (const key of keys) expect(schemaKeys).toContain(key);
  });
});

describe('Deployments are hardened and probed', () => {
  const hardening = ['runAsNonRoot: true', 'readOnlyRootFilesystem: true', 'allowPrivilegeEscalation: false', 'automountServiceAccountToken: false'];

  for (const svc of [...APP_SERVICES, GATEWAY]) {
    const text = template(svc.name);
    const v = `.Values.${svc.valuesKey}`;

    it(`${svc.name}: has a Deployment and a Service, guarded by ${v}.enabled`, () => {
      expect(text).toMatch(/^kind: Deployment$/m);
      expect(text).toMatch(/^kind: Service$/m);
      expect(text.split('\n')[0]).toBe(`{{- if ${v}.enabled }}`);
      expect(text).toContain(`toYaml ${v}.resources`);
    });

    it(`${svc.name}: non-root, read-only root filesystem with an emptyDir /tmp, no privilege escalation, all capabilities dropped`, () => {
      for (const line of hardening) expect(text).toContain(line);
      expect(text).toMatch(/capabilities:\s*\n\s*drop:\s*\n\s*- ALL/);
      expect(text).toMatch(/- name: tmp\s*\n\s*mountPath: \/tmp/);
      expect(text).toMatch(/- name: tmp\s*\n\s*emptyDir: \{\}/);
    });
  }

  for (const svc of APP_SERVICES) {
    it(`${svc.name}: startup, liveness and readiness probes are native gRPC on values.${svc.valuesKey}.ports.grpc`, () => {
      const text = template(svc.name);
      const port = `\\{\\{ ${re(`.Values.${svc.valuesKey}.ports.grpc`)} \\}\\}`;
      for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
        expect(text).toMatch(new RegExp(`${probe}:\\s*\\n\\s*grpc:\\s*\\n\\s*port: ${port}\\s*\\n`));
      }
      // Readiness asks the health service "ready", which runs the /readyz checks (database, store).
      expect(text).toMatch(new RegExp(`readinessProbe:\\s*\\n\\s*grpc:\\s*\\n\\s*port: ${port}\\s*\\n\\s*service: ready\\s*\\n`));
      expect(text).toMatch(new RegExp(`- name: grpc\\s*\\n\\s*containerPort: ${port}`));
      expect(text).not.toContain('httpGet');
    });
  }

  it('gateway: liveness is HTTP /healthz and readiness HTTP /readyz', () => {
    const text = template('gateway');
    expect(text).toMatch(/livenessProbe:\s*\n\s*httpGet:\s*\n\s*path: \/healthz/);
    expect(text).toMatch(/readinessProbe:\s*\n\s*httpGet:\s*\n\s*path: \/readyz/);
    expect(text).not.toContain('grpc:');
  });

  it('gateway: TRUST_PROXY comes from values.gateway.trustProxy (one hop: the Ingress), so per-IP limits see clients', () => {
    expect(template('gateway')).toMatch(/\{\{- with \.Values\.gateway\.trustProxy \}\}\s*\n\s*- name: TRUST_PROXY\s*\n\s*value: \{\{ \. \| quote \}\}/);
    expect(loadValues().gateway.trustProxy).toBe('1');
    const validate = compileSchema();
    const values = loadValues();
    values.gateway.trustProxy = 2;
    expect(validate(values)).toBe(true);
    values.gateway.trustProxy = '';
    expect(validate(values)).toBe(false);
  });

  it('gateway: no per-address connection cap behind the Ingress (all its connections come from the controller)', () => {
    expect(template('gateway')).toMatch(
      /\{\{- if hasKey \.Values\.gateway "maxConnectionsPerAddress" \}\}\s*\n\s*- name: GATEWAY_MAX_CONNECTIONS_PER_ADDRESS\s*\n\s*value: \{\{ \.Values\.gateway\.maxConnectionsPerAddress \| quote \}\}/,
    );
    expect(loadValues().gateway.maxConnectionsPerAddress).toBe(0);
    const validate = compileSchema();
    const values = loadValues();
    values.gateway.maxConnectionsPerAddress = 64;
    expect(validate(values)).toBe(true);
    values.gateway.maxConnectionsPerAddress = -1;
    expect(validate(values)).toBe(false);
  });

  it('document: gets CHROME_PATH, a writable HOME and a memory-backed /dev/shm', () => {
    const text = template('document');
    expect(text).toMatch(/- name: CHROME_PATH\s*\n\s*value: \/usr\/bin\/chromium/);
    expect(text).toMatch(/- name: HOME\s*\n\s*value: \/tmp/);
    expect(text).toMatch(/mountPath: \/dev\/shm/);
    expect(text).toMatch(/medium: Memory/);
    expect(text).not.toContain('DATABASE_URL');
  });

  it('only auth reads the JWT signing key; every service with a schema gets DATABASE_URL and DB_SCHEMA', () => {
    for (const svc of APP_SERVICES) {
      const text = template(svc.name);
      expect(text.includes('AUTH_JWT_PRIVATE_KEY'), svc.name).toBe(svc.name === 'auth');
      expect(text.includes('stundenplan.databaseUrlEnv'), svc.name).toBe(svc.schema !== null);
      if (svc.schema) expect(text).toContain(`value: {{ .Values.${svc.valuesKey}.dbSchema | quote }}`);
    }
  });
});
