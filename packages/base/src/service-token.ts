import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import * as grpc from '@grpc/grpc-js';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

/**
 * Service-to-service authentication of gRPC calls: every call carries a short-lived HS256 token in
 * the metadata `authorization: Bearer <jwt>`, signed with the key every service shares
 * (SERVICE_TOKEN_KEY, base64, at least 32 bytes). iss = calling service, aud = target service.
 */
const SERVICE_TOKEN_ALG = 'HS256';
/** Audience any service accepts besides its own name (tools calling every service). */
const ANY_SERVICE_AUDIENCE = 'stundenplan-services';
export const SERVICE_TOKEN_TTL_SECONDS = 300;
/** A token is renewed when less than this is left, so a call never leaves with an almost expired one. */
const RENEW_BEFORE_SECONDS = 60;
/** Longest lifetime (exp - iat) a server accepts, so a leaked long-lived token is useless. */
const MAX_TTL_SECONDS = 600;
const MIN_KEY_BYTES = 32;

export class ServiceTokenKeyError extends Error {}

/** Decode SERVICE_TOKEN_KEY; refuses anything that is not base64 of at least 32 bytes. */
export function parseServiceTokenKey(base64: string | undefined): Uint8Array {
  const text = (base64 ?? '').trim();
  if (!text) throw new ServiceTokenKeyError('SERVICE_TOKEN_KEY is required (base64 of at least 32 random bytes, e.g. `openssl rand -base64 32`)');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) throw new ServiceTokenKeyError('SERVICE_TOKEN_KEY must be base64');
  const key = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (key.length < MIN_KEY_BYTES) throw new ServiceTokenKeyError(`SERVICE_TOKEN_KEY must decode to at least ${MIN_KEY_BYTES} bytes (has ${key.length})`);
  return new Uint8Array(key);
}

/** A new random key in the form SERVICE_TOKEN_KEY expects. */
export function generateServiceTokenKey(): string {
  return randomBytes(MIN_KEY_BYTES).toString('base64');
}

/** Issues the tokens one service sends; cached per audience and renewed before they expire. */
export class ServiceTokenSigner {
  private readonly cache = new Map<string, { token: Promise<string>; exp: number }>();

  constructor(
    private readonly key: Uint8Array,
    readonly issuer: string,
    private readonly ttlSeconds = SERVICE_TOKEN_TTL_SECONDS,
  ) {}

  token(audience: string): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const hit = this.cache.get(audience);
    if (hit && hit.exp - now > RENEW_BEFORE_SECONDS) return hit.token;
    const exp = now + this.ttlSeconds;
    const token = new SignJWT({})
      .setProtectedHeader({ alg: SERVICE_TOKEN_ALG, typ: 'JWT' })
      .setIssuer(this.issuer)
      .setAudience(audience)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(this.key);
    this.cache.set(audience, { token, exp });
    token.catch(() => this.cache.delete(audience));
    return token;
  }
}

class ServiceAuthError extends Error {}

/** Checks the token of an incoming call; resolves to the calling service's name. */
export type ServiceTokenVerifier = (metadata: grpc.Metadata) => Promise<string>;

/** Checked tokens kept per verifier (callers reuse one token for minutes, see ServiceTokenSigner). */
const VERIFIED_SERVICE_TOKENS_MAX = 1000;

export function createServiceTokenVerifier(key: Uint8Array, serviceName: string): ServiceTokenVerifier {
  // token -> caller and until when (ms) the token stays acceptable: its signature, audience and claims
  // give the same answer every time until exp (or iat + MAX_TTL_SECONDS), so the HMAC runs once per token.
  const verified = new Map<string, { iss: string; until: number }>();
  return async (metadata) => {
    const header = metadata.get('authorization')[0];
    const match = typeof header === 'string' ? /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/.exec(header) : null;
    if (!match) throw new ServiceAuthError('missing service token');
    const hit = verified.get(match[1]!);
    if (hit) {
      if (hit.until > Date.now()) return hit.iss;
      verified.delete(match[1]!);
    }
    try {
      const { payload } = await jwtVerify(match[1]!, key, {
        algorithms: [SERVICE_TOKEN_ALG],
        audience: [serviceName, ANY_SERVICE_AUDIENCE],
        requiredClaims: ['iss', 'aud', 'exp', 'iat'],
        maxTokenAge: MAX_TTL_SECONDS,
        clockTolerance: 30,
      });
      if (typeof payload.iss !== 'string' || !payload.iss) throw new ServiceAuthError('token without issuer');
      if (payload.exp! - payload.iat! > MAX_TTL_SECONDS) throw new ServiceAuthError('token lives too long');
      if (verified.size >= VERIFIED_SERVICE_TOKENS_MAX) verified.delete(verified.keys().next().value!);
      verified.set(match[1]!, { iss: payload.iss, until: Math.min(payload.exp!, payload.iat! + MAX_TTL_SECONDS) * 1000 });
      return payload.iss;
    } catch (e) {
      if (e instanceof ServiceAuthError) throw e;
      throw new ServiceAuthError(e instanceof joseErrors.JOSEError ? e.code : 'invalid service token');
    }
  };
}

/** Adds `authorization: Bearer <token for audience>` to every call of a client. */
function serviceTokenInterceptor(signer: ServiceTokenSigner, audience: string): grpc.Interceptor {
  return (options, nextCall) =>
    new grpc.InterceptingCall(nextCall(options), {
      start(metadata, listener, next) {
        signer.token(audience).then(
          (token) => {
            metadata.set('authorization', `Bearer ${token}`);
            next(metadata, listener);
          },
          () => next(metadata, listener),
        );
      },
    });
}

type ClientConstructor<T> = new (address: string, credentials: grpc.ChannelCredentials, options?: grpc.ClientOptions) => T;

/**
 * A generated gRPC client whose every call authenticates as `signer.issuer` towards `audience`
 * (the target service's name). The channel itself is plain: the services talk inside the host or
 * the cluster network (see the NetworkPolicy).
 */
export function createServiceClient<T>(Client: ClientConstructor<T>, address: string, signer: ServiceTokenSigner, audience: string): T {
  return new Client(address, grpc.credentials.createInsecure(), { interceptors: [serviceTokenInterceptor(signer, audience)] });
}

/**
 * Embedded mode: the key lives in `<dataDir>/service-token.key` (0600), created with 32 random bytes
 * on first start and read on every later one.
 */
export function loadOrCreateServiceTokenKeyFile(file: string): string {
  try {
    writeFileSync(file, `${generateServiceTokenKey()}\n`, { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const key = readFileSync(file, 'utf8').trim();
  parseServiceTokenKey(key);
  return key;
}
