// Static checks of the Helm chart, part two: the shared objects, service-to-service security and balanced template actions.
import { describe, expect, it } from 'vitest';
import { APP_SERVICES } from '../service-table.js';
import { compileSchema, loadValues, re, read, template, type Values } from './chart-files.js';

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

  it('services: HTTP only from the gateway (auth also from the services, for the JWKS), gRPC only from the seven services', () => {
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
    expect(selector).toMatch(/operator: In\s*\n\s*values: \[auth, classes, availability, scheduling-solver, document, notification, lessons, school\]/);
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
      const body = m[2]!.trim();
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
      if (['if', 'with', 'range', 'define', 'block'].includes(word!)) stack.push(word!);
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
