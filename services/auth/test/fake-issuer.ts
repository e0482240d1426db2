import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

/**
 * A small OpenID provider at the auth service's boundary (its own component tests; the browser test runs
 * against a real Keycloak): discovery, JWKS, token endpoint with PKCE and one-time codes, ID tokens signed
 * with its key. The test plays the person at the issuer: `approve` hands out a code for given claims.
 */
export interface FakeIssuer {
  issuer: string;
  clientId: string;
  /** A code for the authorization request `authUrl` (as the issuer's login form would after the password). */
  approve(authUrl: string, claims: Record<string, unknown>, tweak?: { nonce?: string; signWithOtherKey?: boolean }): string;
  tokenCalls: number;
  close(): Promise<void>;
}

export async function startFakeIssuer(clientId = 'stundenplan', clientSecret = 'geheim'): Promise<FakeIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { claims: Record<string, unknown>; nonce: string; challenge: string; redirectUri: string; key: CryptoKey }>();
  const app = express();
  app.use(express.urlencoded({ extended: false }));
  let issuer = '';
  const state = { tokenCalls: 0 };

  app.get('/.well-known/openid-configuration', (_req, res) => {
    res.json({
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      end_session_endpoint: `${issuer}/logout`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic'],
    });
  });
  app.get('/jwks', (_req, res) => res.json({ keys: [jwk] }));
  app.post('/token', async (req, res) => {
    state.tokenCalls++;
    const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
    if (basic !== `${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`) return res.status(401).json({ error: 'invalid_client' });
    const grant = codes.get(String(req.body.code));
    codes.delete(String(req.body.code)); // one-time
    if (!grant) return res.status(400).json({ error: 'invalid_grant', error_description: 'Code not valid' });
    const challenge = createHash('sha256').update(String(req.body.code_verifier)).digest('base64url');
    if (challenge !== grant.challenge || req.body.redirect_uri !== grant.redirectUri) return res.status(400).json({ error: 'invalid_grant' });
    const idToken = await new SignJWT({ ...grant.claims, nonce: grant.nonce })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(issuer)
      .setAudience(clientId)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(grant.key);
    res.json({ access_token: randomBytes(16).toString('hex'), token_type: 'Bearer', expires_in: 300, id_token: idToken });
  });

  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((r) => server.once('listening', () => r()));
  issuer = `http://localhost:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    clientId,
    get tokenCalls() {
      return state.tokenCalls;
    },
    set tokenCalls(v: number) {
      state.tokenCalls = v;
    },
    approve(authUrl, claims, tweak = {}) {
      const u = new URL(authUrl);
      const code = randomBytes(16).toString('hex');
      codes.set(code, {
        claims,
        nonce: tweak.nonce ?? u.searchParams.get('nonce')!,
        challenge: u.searchParams.get('code_challenge')!,
        redirectUri: u.searchParams.get('redirect_uri')!,
        key: tweak.signWithOtherKey ? other.privateKey : privateKey,
      });
      return code;
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}
