import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/errors.js';
import {
  HealthState,
  READINESS_HEALTH_SERVICE,
  callUnary,
  checkGrpcHealth,
  fromGrpcError,
  grpc,
  startGrpcServer,
  stopGrpcServer,
  wrapUnary,
} from '../src/grpc.js';
import { createServiceClient, createServiceTokenVerifier, generateServiceTokenKey, parseServiceTokenKey, ServiceTokenSigner } from '../src/service-token.js';
import { silentLogger, sleep } from './helpers.js';

/** A tiny JSON-over-gRPC service, so the test needs no generated code. */
interface EchoRequest {
  mode: 'ok' | 'not-found' | 'object-detail' | 'conflict' | 'forbidden' | 'crash' | 'slow';
  text?: string;
}
interface EchoResponse {
  text: string;
}
const json = {
  serialize: (v: unknown) => Buffer.from(JSON.stringify(v)),
  deserialize: (b: Buffer) => JSON.parse(b.toString()) as unknown,
};
const echoDefinition: grpc.ServiceDefinition = {
  echo: {
    path: '/test.v1.EchoService/Echo',
    requestStream: false,
    responseStream: false,
    requestSerialize: json.serialize,
    requestDeserialize: json.deserialize,
    responseSerialize: json.serialize,
    responseDeserialize: json.deserialize,
  },
};
const EchoClient = grpc.makeGenericClientConstructor(echoDefinition, 'EchoService');
type EchoClientT = grpc.Client & {
  echo: (req: EchoRequest, md: grpc.Metadata, opts: Partial<grpc.CallOptions>, cb: (err: grpc.ServiceError | null, res: EchoResponse) => void) => unknown;
};

let handled = 0;
const handler = wrapUnary<EchoRequest, EchoResponse>(silentLogger, async (req) => {
  handled += 1;
  switch (req.mode) {
    case 'ok':
      return { text: `echo: ${req.text}` };
    case 'not-found':
      throw AppError.notFound('Klasse nicht gefunden');
    case 'object-detail':
      throw AppError.badRequest({ field: 'dauer', message: 'Die Dauer muss größer als 0 sein' });
    case 'conflict':
      throw AppError.conflict('Diese E-Mail ist schon registriert');
    case 'forbidden':
      throw AppError.forbidden();
    case 'slow':
      await sleep(500);
      return { text: 'late' };
    default:
      throw new Error('db password=geheim leaked?');
  }
});

let server: grpc.Server;
let addr: string;
let client: EchoClientT;
const health = new HealthState();
const key = parseServiceTokenKey(generateServiceTokenKey());
const verify = createServiceTokenVerifier(key, 'echo');
const signer = new ServiceTokenSigner(key, 'tester');

beforeAll(async () => {
  const started = await startGrpcServer(0, [{ definition: echoDefinition, implementation: { echo: handler } }], health, '127.0.0.1', verify);
  server = started.server;
  addr = `127.0.0.1:${started.port}`;
  client = createServiceClient(EchoClient, addr, signer, 'echo') as unknown as EchoClientT;
});

afterAll(async () => {
  client.close();
  await stopGrpcServer(server, 500);
});

/** The raw gRPC error as a caller sees it on the wire. */
function rawCall(req: EchoRequest): Promise<grpc.ServiceError> {
  return new Promise((resolve, reject) => {
    client.echo(req, new grpc.Metadata(), { deadline: Date.now() + 5000 }, (err) => (err ? resolve(err) : reject(new Error('expected an error'))));
  });
}

describe('startGrpcServer + checkGrpcHealth', () => {
  it('binds an ephemeral port when asked for port 0', () => {
    expect(Number(addr.split(':')[1])).toBeGreaterThan(0);
  });

  it('reports NOT_SERVING (false) until the service says it serves, then true', async () => {
    health.serving = false;
    expect(await checkGrpcHealth(addr)).toBe(false);

    health.serving = true;

    expect(await checkGrpcHealth(addr)).toBe(true);
  });

  it('answers the readiness name with the readiness checks, the empty name (liveness) without them', async () => {
    health.serving = true;
    let ready = false;
    health.ready = () => Promise.resolve(ready);
    try {
      expect(await checkGrpcHealth(addr, 2000, READINESS_HEALTH_SERVICE)).toBe(false);
      expect(await checkGrpcHealth(addr)).toBe(true);

      ready = true;

      expect(await checkGrpcHealth(addr, 2000, READINESS_HEALTH_SERVICE)).toBe(true);
      health.ready = () => Promise.reject(new Error('database gone'));
      expect(await checkGrpcHealth(addr, 2000, READINESS_HEALTH_SERVICE)).toBe(false);
    } finally {
      health.ready = undefined;
    }
  });

  it('answers false quickly when nothing listens at the address', async () => {
    const started = Date.now();

    expect(await checkGrpcHealth('127.0.0.1:1', 1000)).toBe(false);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('answers false after the server stopped', async () => {
    const h = new HealthState();
    h.serving = true;
    const other = await startGrpcServer(0, [], h, '127.0.0.1', verify);
    expect(await checkGrpcHealth(`127.0.0.1:${other.port}`)).toBe(true);

    await stopGrpcServer(other.server, 500);

    expect(await checkGrpcHealth(`127.0.0.1:${other.port}`, 1000)).toBe(false);
  });
});

describe('wrapUnary at the server edge', () => {
  it('returns the handler result', async () => {
    const res = await callUnary(client.echo, client, { mode: 'ok', text: 'hallo' });

    expect(res).toEqual({ text: 'echo: hallo' });
  });

  it('maps an AppError to its gRPC status and keeps the detail as the status message', async () => {
    const err = await rawCall({ mode: 'not-found' });

    expect(err.code).toBe(grpc.status.NOT_FOUND);
    expect(err.details).toBe('Klasse nicht gefunden');
    expect(err.metadata.get('detail-json')).toEqual(['"Klasse nicht gefunden"']);
  });

  it('answers (instead of hanging) when the detail has German umlauts', async () => {
    const err = await rawCall({ mode: 'forbidden' });

    expect(err.code).toBe(grpc.status.PERMISSION_DENIED);
    expect(err.details).toBe('Du hast keine Berechtigung für diese Aktion');
    expect(JSON.parse(String(err.metadata.get('detail-json')[0]))).toBe('Du hast keine Berechtigung für diese Aktion');
  });

  it('hides an unexpected error behind INTERNAL without its message', async () => {
    const err = await rawCall({ mode: 'crash' });

    expect(err.code).toBe(grpc.status.INTERNAL);
    expect(err.details).toBe('internal error');
    expect(JSON.stringify(err.metadata.getMap())).not.toContain('geheim');
  });
});

describe('fromGrpcError in the calling service', () => {
  async function callError(req: EchoRequest, ms?: number): Promise<AppError> {
    const err = await callUnary(client.echo, client, req, ms).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }

  it.each([
    ['not-found', 'NOT_FOUND', 404, 'Klasse nicht gefunden'],
    ['conflict', 'CONFLICT', 409, 'Diese E-Mail ist schon registriert'],
    ['forbidden', 'FORBIDDEN', 403, 'Du hast keine Berechtigung für diese Aktion'],
  ] as const)('maps a %s answer back to %s (HTTP %i) with the same detail', async (mode, code, http, detail) => {
    const e = await callError({ mode });

    expect(e.code).toBe(code);
    expect(e.httpStatus).toBe(http);
    expect(e.detail).toBe(detail);
  });

  it('restores an object detail', async () => {
    const e = await callError({ mode: 'object-detail' });

    expect(e.code).toBe('BAD_REQUEST');
    expect(e.detail).toEqual({ field: 'dauer', message: 'Die Dauer muss größer als 0 sein' });
  });

  it('maps an internal failure to INTERNAL', async () => {
    const e = await callError({ mode: 'crash' });

    expect(e.code).toBe('INTERNAL');
    expect(e.httpStatus).toBe(500);
  });

  it('maps a missed deadline to TIMEOUT with a German detail', async () => {
    const e = await callError({ mode: 'slow' }, 50);

    expect(e.code).toBe('TIMEOUT');
    expect(e.httpStatus).toBe(504);
    expect(e.detail).toBe('Ein interner Dienst ist nicht erreichbar. Bitte versuche es später erneut.');
  });

  it('maps an unreachable service to UNAVAILABLE', async () => {
    const down = createServiceClient(EchoClient, '127.0.0.1:1', signer, 'echo') as unknown as EchoClientT;
    try {
      const err = await callUnary(down.echo, down, { mode: 'ok' }, 2000).then(
        () => undefined,
        (e: unknown) => e as AppError,
      );

      expect(err?.code).toBe('UNAVAILABLE');
      expect(err?.httpStatus).toBe(502);
    } finally {
      down.close();
    }
  });

  it('keeps the status message when there is no detail metadata, and wraps non-gRPC errors as INTERNAL', () => {
    const bare = Object.assign(new Error('x'), { code: grpc.status.PERMISSION_DENIED, details: 'Nope', metadata: new grpc.Metadata() });

    expect(fromGrpcError(bare)).toMatchObject({ code: 'FORBIDDEN', detail: 'Nope' });
    expect(fromGrpcError(new Error('socket hang up'))).toMatchObject({ code: 'INTERNAL', detail: 'Interner Serverfehler' });
  });
});

describe('service authentication at the server edge', () => {
  /** A call with the given metadata on a client without the token interceptor. */
  async function bareCall(metadata: grpc.Metadata): Promise<grpc.ServiceError | undefined> {
    const bare = new EchoClient(addr, grpc.credentials.createInsecure()) as unknown as EchoClientT;
    try {
      return await new Promise((resolve) => {
        bare.echo({ mode: 'ok', text: 'x' }, metadata, { deadline: Date.now() + 5000 }, (err) => resolve(err ?? undefined));
      });
    } finally {
      bare.close();
    }
  }
  const bearer = (token: string) => {
    const md = new grpc.Metadata();
    md.set('authorization', `Bearer ${token}`);
    return md;
  };
  const sign = (claims: { iss?: string; aud?: string; iat?: number; exp?: number }, k: Uint8Array = key) => {
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(claims.iat ?? now);
    if (claims.iss !== undefined) jwt.setIssuer(claims.iss);
    if (claims.aud !== undefined) jwt.setAudience(claims.aud);
    if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
    return jwt.sign(k);
  };
  const now = () => Math.floor(Date.now() / 1000);

  it('refuses a call without a token with UNAUTHENTICATED before the handler runs', async () => {
    const before = handled;

    const err = await bareCall(new grpc.Metadata());

    expect(err?.code).toBe(grpc.status.UNAUTHENTICATED);
    expect(handled).toBe(before);
  });

  it.each([
    ['signed with another key', () => sign({ iss: 'tester', aud: 'echo', exp: now() + 300 }, parseServiceTokenKey(generateServiceTokenKey()))],
    ['expired', () => sign({ iss: 'tester', aud: 'echo', iat: now() - 400, exp: now() - 100 })],
    ['without exp', () => sign({ iss: 'tester', aud: 'echo' })],
    ['for another service', () => sign({ iss: 'tester', aud: 'auth', exp: now() + 300 })],
    ['without issuer', () => sign({ aud: 'echo', exp: now() + 300 })],
    ['living longer than 10 minutes', () => sign({ iss: 'tester', aud: 'echo', exp: now() + 3600 })],
    ['not a JWT', () => Promise.resolve('geheim')],
  ])('refuses a token %s', async (_name, token) => {
    const before = handled;

    const err = await bareCall(bearer(await token()));

    expect(err?.code).toBe(grpc.status.UNAUTHENTICATED);
    expect(handled).toBe(before);
  });

  it('accepts a valid token for its own name or for every service', async () => {
    expect(await bareCall(bearer(await sign({ iss: 'tester', aud: 'echo', exp: now() + 300 })))).toBeUndefined();
    expect(await bareCall(bearer(await sign({ iss: 'tester', aud: 'stundenplan-services', exp: now() + 300 })))).toBeUndefined();
  });

  it('keeps the health service open without a token (probes)', async () => {
    health.serving = true;

    expect(await checkGrpcHealth(addr)).toBe(true);
  });
});
