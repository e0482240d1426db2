import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { SESSION_COOKIE, SESSION_STATUS_PATH, TOKEN_AUDIENCE, TOKEN_ISSUER, type Role } from '../auth.js';

/**
 * Test double for the auth service's signing side: a real ES256 key, a real JWKS over HTTP,
 * tokens in exactly the format auth issues, and the session status endpoint (every session active
 * until `endSession`). Services under test verify them for real.
 */
export interface TestIssuer {
  jwksUrl: string;
  sign(user: TestUser, opts?: { expiresIn?: string; sessionId?: string }): Promise<string>;
  cookie(user: TestUser): Promise<string>;
  /** From now on the session status endpoint answers this session as ended. */
  endSession(sessionId: string): void;
  close(): Promise<void>;
}

export interface TestUser {
  userId?: string;
  role: Role;
  email?: string;
  name?: string;
}

export async function startTestIssuer(): Promise<TestIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test', alg: 'ES256', use: 'sig' };
  const ended = new Set<string>();
  const server: Server = createServer((req, res) => {
    res.setHeader('Content-Type', 'application/json');
    if (req.method === 'POST' && req.url === SESSION_STATUS_PATH) {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        let jti = '';
        try {
          jti = String(decodeJwt(String((JSON.parse(raw) as { token?: unknown }).token)).jti ?? '');
        } catch {
          /* not a token: not active */
        }
        res.end(JSON.stringify({ active: jti !== '' && !ended.has(jti) }));
      });
      return;
    }
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  const sign = async (user: TestUser, opts: { expiresIn?: string; sessionId?: string } = {}) =>
    new SignJWT({
      role: user.role,
      rid: user.role === 'teacher' ? 2 : 1,
      email: user.email ?? `${user.role}@example.org`,
      name: user.name ?? 'Test Person',
      iatms: Date.now(),
    })
      .setProtectedHeader({ alg: 'ES256', kid: 'test' })
      .setSubject(user.userId ?? randomUUID())
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setJti(opts.sessionId ?? randomUUID())
      .setIssuedAt()
      .setExpirationTime(opts.expiresIn ?? '1h')
      .sign(privateKey);
  return {
    jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    sign,
    cookie: async (user) => `${SESSION_COOKIE}=${await sign(user)}`,
    endSession: (sessionId) => void ended.add(sessionId),
    close: () => new Promise((r) => server.close(() => r())),
  };
}

export function randomSchema(prefix = 't'): string {
  return `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
}
