// Static checks of the Helm chart that need no helm binary: values against the schema, one
// template per service, the security and probe settings every Deployment must carry, and
// balanced template actions. scripts/check-deploy.sh adds `helm lint` / `helm template` where helm exists.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { APP_SERVICES, GATEWAY } from '../service-table.js';

const chartDir = fileURLToPath(new URL('./stundenplan/', import.meta.url));
const read = (rel: string): string => readFileSync(join(chartDir, rel), 'utf8');
const template = (name: string): string => read(`templates/${name}.yaml`);

// Arbitrary YAML that the tests mutate freely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Values = Record<string, any>;
const loadValues = (): Values => parse(read('values.yaml')) as Values;
const schema = JSON.parse(read('values.schema.json')) as object;

function compileSchema() {
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
  return ajv.compile(schema);
}

/** Escape a string for use inside a RegExp. */
const re = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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

describe('shared objects', () => {
  it('the ConfigMap carries Kafka, Redis, SES, the public URL, the JWKS URL and every service address and URL', () => {
    const text = template('configmap');
    for (const key of [
      'KAFKA_BROKERS',
      'REDIS_URL',
      'REDIS_KEY_PREFIX',
      'SES_REGION',
      'SES_ENDPOINT',
      'MAIL_FROM',
      'PUBLIC_BASE_URL',
      'AUTH_JWKS_URL',
      'EVENT_BUS',
      'STORE',
      'MAIL_TRANSPORT',
    ]) {
      expect(text).toMatch(new RegExp(`^  ${key}: `, 'm'));
    }
    for (const svc of APP_SERVICES) {
      expect(text).toMatch(new RegExp(`^  ${svc.env}_SERVICE_ADDR: .*${re(`.Values.${svc.valuesKey}.ports.grpc`)}`, 'm'));
      expect(text).toMatch(new RegExp(`^  ${svc.env}_SERVICE_URL: .*${re(`.Values.${svc.valuesKey}.ports.http`)}`, 'm'));
    }
    expect(text).not.toMatch(/DATABASE_URL|PRIVATE_KEY/);
  });

  it('the Secret holds DATABASE_URL and AUTH_JWT_PRIVATE_KEY and is skipped for an existingSecret', () => {
    const text = read('templates/secret.yaml');
    expect(text.split('\n')[0]).toBe('{{- if not .Values.secret.existingSecret }}');
    expect(text).toMatch(/^kind: Secret$/m);
    expect(text).toMatch(/^ {2}DATABASE_URL: /m);
    expect(text).toMatch(/^ {2}AUTH_JWT_PRIVATE_KEY: /m);
    expect(read('templates/_helpers.tpl')).toContain('.Values.secret.existingSecret | default');
  });

  it('the scheduling-solver HPA is autoscaling/v2 on CPU with min/max from values, and the Deployment then leaves replicas to it', () => {
    const text = read('templates/hpa.yaml');
    expect(text).toContain('apiVersion: autoscaling/v2');
    expect(text).toContain('kind: HorizontalPodAutoscaler');
    expect(text).toContain('.Values.schedulingSolver.autoscaling.enabled');
    expect(text).toMatch(/minReplicas: \{\{ \$autoscaling\.minReplicas \}\}/);
    expect(text).toMatch(/maxReplicas: \{\{ \$autoscaling\.maxReplicas \}\}/);
    expect(text).toMatch(
      /name: cpu\s*\n\s*target:\s*\n\s*type: Utilization\s*\n\s*averageUtilization: \{\{ \$autoscaling\.targetCPUUtilizationPercentage \}\}/,
    );
    expect(template('scheduling-solver')).toMatch(
      /\{\{- if not \.Values\.schedulingSolver\.autoscaling\.enabled \}\}\s*\n\s*replicas: \{\{ \.Values\.schedulingSolver\.replicas \}\}\s*\n\s*\{\{- end \}\}/,
    );
  });

  it('the Ingress routes / to the gateway Service', () => {
    const text = read('templates/ingress.yaml');
    expect(text).toContain('apiVersion: networking.k8s.io/v1');
    expect(text).toContain('{{ include "stundenplan.componentName" (list $ "gateway") }}');
    expect(text).toMatch(/path: \/\s*\n\s*pathType: Prefix/);
  });
});

describe('service-to-service security', () => {
  const policy = read('templates/networkpolicy.yaml');
  /** The part of the policy template rendered per service (inside the range). */
  const perService = policy.slice(policy.indexOf('{{- range $services }}'));
  const gatewayPart = policy.slice(0, policy.indexOf('{{- range $services }}'));

  it('every service reads SERVICE_TOKEN_KEY from the Secret; the gateway (no gRPC) does not', () => {
    for (const svc of APP_SERVICES) expect(template(svc.name), svc.name).toContain('{{- include "stundenplan.serviceTokenKeyEnv" $ | nindent 12 }}');
    expect(template('gateway')).not.toContain('SERVICE_TOKEN_KEY');
    expect(read('templates/_helpers.tpl')).toMatch(
      /- name: SERVICE_TOKEN_KEY\s*\n\s*valueFrom:\s*\n\s*secretKeyRef:\s*\n\s*name: \{\{ include "stundenplan.secretName" \. \}\}\s*\n\s*key: SERVICE_TOKEN_KEY/,
    );
  });

  it('the Secret holds SERVICE_TOKEN_KEY: from values, else kept from the existing Secret, else 32 random bytes', () => {
    const text = read('templates/secret.yaml');
    expect(text).toMatch(/^ {2}SERVICE_TOKEN_KEY: \{\{ \$serviceKey \| b64enc \| quote \}\}$/m);
    expect(text).toContain('{{- $serviceKey := .Values.secret.serviceTokenKey }}');
    expect(text).toContain('hasKey $existing.data "SERVICE_TOKEN_KEY"');
    expect(text).toContain('{{- $serviceKey = randBytes 32 }}');
    expect(loadValues().secret.serviceTokenKey).toBe('');
  });

  it('the schema accepts a base64 key of 32 bytes or more and rejects a short or plain-text one', () => {
    const validate = compileSchema();
    const withKey = (key: string): Values => {
      const values = loadValues();
      values.secret.serviceTokenKey = key;
      return values;
    };
    expect(validate(withKey(Buffer.alloc(32, 9).toString('base64')))).toBe(true);
    expect(validate(withKey(Buffer.alloc(64, 9).toString('base64')))).toBe(true);
    expect(validate(withKey(Buffer.alloc(16, 9).toString('base64')))).toBe(false);
    expect(validate(withKey('postgres'))).toBe(false);
  });

  it('the local mail outbox is never on: DEV_MAIL_ENABLED "false" for notification, no DEV_MAIL for the gateway', () => {
    expect(template('configmap')).toMatch(/^ {2}DEV_MAIL_ENABLED: "false"$/m);
    for (const name of ['gateway', ...APP_SERVICES.map((s) => s.name)]) expect(template(name), name).not.toMatch(/DEV_MAIL/);
    expect(JSON.stringify(loadValues())).not.toMatch(/DEV_MAIL/);
  });

  it('the gateway serves /metrics on its own metrics port, which neither its Service nor the Ingress exposes', () => {
    const text = template('gateway');
    expect(text).toMatch(/- name: metrics\s*\n\s*containerPort: \{\{ \.Values\.gateway\.ports\.metrics \}\}/);
    expect(text).toMatch(/- name: METRICS_PORT\s*\n\s*value: \{\{ \.Values\.gateway\.ports\.metrics \| quote \}\}/);
    const service = text.slice(text.indexOf('kind: Service'));
    expect(service).not.toContain('metrics');
    expect(read('templates/ingress.yaml')).not.toContain('metrics');
  });

  it('a NetworkPolicy per component, on by default, restricting Ingress only (egress reaches the databases)', () => {
    expect(policy.split('\n')[0]).toBe('{{- if .Values.networkPolicy.enabled }}');
    expect(loadValues().networkPolicy).toEqual({ enabled: true, gatewayFrom: [], metricsFrom: [], probeFrom: [] });
    expect(policy.match(/^kind: NetworkPolicy$/gm)).toHaveLength(2);
    expect(policy.match(/^apiVersion: networking\.k8s\.io\/v1$/gm)).toHaveLength(2);
    expect(policy.match(/policyTypes:\s*\n\s*- Ingress\s*\n/g)).toHaveLength(2);
    expect(policy).not.toMatch(/^\s*- Egress/m);
    for (const svc of APP_SERVICES) expect(policy).toContain(`(list "${svc.name}" .Values.${svc.valuesKey})`);
  });

  it('gateway: its HTTP port is open (or to gatewayFrom), its metrics port only to metricsFrom', () => {
    expect(gatewayPart).toMatch(/- ports:\s*\n\s*- port: http\s*\n\s*protocol: TCP\s*\n\s*\{\{- with \$np\.gatewayFrom \}\}\s*\n\s*from:/);
    expect(gatewayPart).toMatch(/\{\{- with \$np\.metricsFrom \}\}\s*\n\s*- ports:\s*\n\s*- port: metrics\s*\n\s*protocol: TCP\s*\n\s*from:/);
  });

  it('services: HTTP only from the gateway (auth also from the services, for the JWKS), gRPC only from the six services', () => {
    const rules = perService.split(/^ {4}- ports:$/m).slice(1);
    expect(rules).toHaveLength(2);
    const [http, grpc] = rules;
    expect(http).toMatch(
      /^\s*- port: http\s*\n\s*protocol: TCP\s*\n\s*from:\s*\n\s*- podSelector:\s*\n\s*matchLabels:\s*\n\s*\{\{- include "stundenplan\.selectorLabels" \(list \$ "gateway"\)/,
    );
    expect(http).toMatch(/\{\{- if eq \$component "auth" \}\}\s*\n\s*- podSelector:\s*\n\s*\{\{- include "stundenplan\.servicePodsSelector" \$/);
    expect(grpc).toMatch(
      /^\s*- port: grpc\s*\n\s*protocol: TCP\s*\n\s*from:\s*\n\s*- podSelector:\s*\n\s*\{\{- include "stundenplan\.servicePodsSelector" \$ \| nindent 12 \}\}\s*\n\s*\{\{- with \$np\.probeFrom \}\}/,
    );
    expect(grpc).not.toContain('"gateway"');
    const selector = read('templates/_helpers.tpl').split('define "stundenplan.servicePodsSelector"')[1] ?? '';
    expect(selector).toMatch(/operator: In\s*\n\s*values: \[auth, classes, availability, scheduling-solver, document, notification\]/);
    expect(selector).toContain('app.kubernetes.io/instance: {{ .Release.Name }}');
  });

  it('the schema requires the networkPolicy block and checks its peer lists', () => {
    const validate = compileSchema();
    const missing = loadValues();
    delete missing.networkPolicy;
    expect(validate(missing)).toBe(false);
    const peers = loadValues();
    peers.networkPolicy.metricsFrom = [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }];
    peers.networkPolicy.probeFrom = [{ ipBlock: { cidr: '10.0.0.0/16' } }];
    expect(validate(peers)).toBe(true);
    const typo = loadValues();
    typo.networkPolicy.probeFrom = [{ ipblock: { cidr: '10.0.0.0/16' } }];
    expect(validate(typo)).toBe(false);
  });
});

describe('template syntax', () => {
  const files = [
    ...APP_SERVICES.map((s) => `${s.name}.yaml`),
    'gateway.yaml',
    'configmap.yaml',
    'secret.yaml',
    'hpa.yaml',
    'ingress.yaml',
    'networkpolicy.yaml',
    '_helpers.tpl',
    'NOTES.txt',
  ];

  /** Actions of a Go template, comments dropped, trim markers stripped. */
  function actions(text: string): string[] {
    const out: string[] = [];
    const pattern = /\{\{(-?)([\s\S]*?)(-?)\}\}/g;
    for (const m of text.matchAll(pattern)) {
      const body = m[2].trim();
      if (body.startsWith('/*')) {
        if (!body.endsWith('*/')) throw new Error(`unterminated comment: ${body}`);
        continue;
      }
      out.push(body);
    }
    return out;
  }

  /** Checks that if/with/range/define blocks nest and close; returns the problems found. */
  function blockProblems(text: string): string[] {
    const problems: string[] = [];
    const stack: string[] = [];
    for (const action of actions(text)) {
      const word = action.split(/\s+/)[0];
      if (['if', 'with', 'range', 'define', 'block'].includes(word)) stack.push(word);
      else if (word === 'else') {
        const top = stack[stack.length - 1];
        if (!top || !['if', 'with', 'range'].includes(top)) problems.push(`else outside if/with/range: {{${action}}}`);
      } else if (word === 'end') {
        if (!stack.pop()) problems.push('end without an open block');
      }
    }
    if (stack.length) problems.push(`unclosed: ${stack.join(', ')}`);
    const opens = (text.match(/\{\{/g) ?? []).length;
    const closes = (text.match(/\}\}/g) ?? []).length;
    if (opens !== closes) problems.push(`{{ x${opens} vs }} x${closes}`);
    return problems;
  }

  it('the block checker catches an unclosed if and a stray end (so it can fail)', () => {
    expect(blockProblems('{{- if .Values.a }}\nx: 1\n')).toEqual(['unclosed: if']);
    expect(blockProblems('x: 1\n{{- end }}\n')).toEqual(['end without an open block']);
  });

  for (const file of files) {
    it(`${file}: every if/with/range/define is closed and every {{ has its }}`, () => {
      expect(blockProblems(read(`templates/${file}`))).toEqual([]);
    });
  }

  it('every helper that templates include is defined in _helpers.tpl', () => {
    const helpers = read('templates/_helpers.tpl');
    const defined = new Set([...helpers.matchAll(/\{\{-? define "([^"]+)"/g)].map((m) => m[1]));
    for (const file of files) {
      for (const m of read(`templates/${file}`).matchAll(/include "([^"]+)"/g)) {
        expect(defined, `${file} includes ${m[1]}`).toContain(m[1]);
      }
    }
  });
});
