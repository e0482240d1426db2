import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTokenVerifier, MemoryStore } from '@stundenplan/base';
import { TEST_SERVICE_TOKEN_KEY } from '@stundenplan/base/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { start } from '../src/main.js';
import { closedPort, databaseUrl, dropSchemas, randomSchema, registerConfirmed, startAuth } from './helpers.js';

/** The signing key: AUTH_KEY_FILE (generated 0600, reused), AUTH_JWT_PRIVATE_KEY (PEM), or ephemeral. */

const schemas: string[] = [];
const dir = mkdtempSync(path.join(os.tmpdir(), 'sp-auth-keys-'));

afterAll(async () => {
  await dropSchemas(schemas);
  rmSync(dir, { recursive: true, force: true });
});

async function jwks(base: string) {
  return (await (await fetch(`${base}/.well-known/jwks.json`)).json()) as { keys: { kid: string; x: string; y: string }[] };
}

describe('signing key', () => {
  it('generates AUTH_KEY_FILE (0600) on first start and reuses it, so sessions survive a restart', async () => {
    const file = path.join(dir, 'nested', 'auth-signing-key.json');
    const first = await startAuth({ AUTH_KEY_FILE: file });
    schemas.push(first.schema);
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const jwk = JSON.parse(readFileSync(file, 'utf8'));
    expect(jwk).toMatchObject({ kty: 'EC', crv: 'P-256', d: expect.any(String) });
    const { cookie } = await registerConfirmed(first, { email: `key${Date.now()}@example.org` });
    const kid = (await jwks(first.base)).keys[0]!.kid;
    await first.svc.stop();

    const second = await start({
      DATABASE_URL: databaseUrl(),
      DB_SCHEMA: first.schema,
      PORT: '0',
      GRPC_PORT: '0',
      SERVICE_TOKEN_KEY: TEST_SERVICE_TOKEN_KEY,
      LOG_LEVEL: 'silent',
      AUTH_KEY_FILE: file,
      CLASSES_SERVICE_ADDR: `127.0.0.1:${await closedPort()}`,
    });
    try {
      const base = `http://127.0.0.1:${second.httpPort}`;
      expect((await jwks(base)).keys[0]!.kid).toBe(kid);
      const me = await fetch(`${base}/api/me`, { headers: { Cookie: cookie } });
      expect(me.status).toBe(200);
    } finally {
      await second.stop();
    }
  });

  it('uses AUTH_JWT_PRIVATE_KEY (PKCS#8 PEM, also with literal \\n) and serves its public half', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = (privateKey.export({ type: 'pkcs8', format: 'pem' }) as string).replace(/\n/g, '\\n');
    const auth = await startAuth({ AUTH_JWT_PRIVATE_KEY: pem, AUTH_KEY_FILE: path.join(dir, 'unused.json') });
    schemas.push(auth.schema);
    try {
      const pub = publicKey.export({ format: 'jwk' });
      const key = (await jwks(auth.base)).keys[0]!;
      expect({ x: key.x, y: key.y }).toEqual({ x: pub.x, y: pub.y });
      expect(existsSync(path.join(dir, 'unused.json'))).toBe(false);
      const { cookie } = await registerConfirmed(auth, { email: `pem${Date.now()}@example.org` });
      const verify = createTokenVerifier({ jwks: { keys: [{ kty: 'EC', crv: 'P-256', x: pub.x, y: pub.y, kid: key.kid }] }, store: new MemoryStore() });
      await expect(verify(cookie.slice('sp_session='.length))).resolves.toMatchObject({ role: 'teacher' });
    } finally {
      await auth.svc.stop();
    }
  });

  it('refuses to start with a key that cannot sign ES256', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    for (const AUTH_JWT_PRIVATE_KEY of ['kein pem', rsa]) {
      const schema = randomSchema();
      schemas.push(schema);
      await expect(
        start({
          DATABASE_URL: databaseUrl(),
          DB_SCHEMA: schema,
          PORT: '0',
          GRPC_PORT: '0',
          SERVICE_TOKEN_KEY: TEST_SERVICE_TOKEN_KEY,
          LOG_LEVEL: 'silent',
          AUTH_JWT_PRIVATE_KEY,
        }),
      ).rejects.toThrow(/AUTH_JWT_PRIVATE_KEY/);
    }
  });

  it('falls back to an ephemeral key: each start has its own key', async () => {
    const a = await startAuth();
    const b = await startAuth();
    schemas.push(a.schema, b.schema);
    try {
      expect((await jwks(a.base)).keys[0]!.kid).not.toBe((await jwks(b.base)).keys[0]!.kid);
    } finally {
      await a.svc.stop();
      await b.svc.stop();
    }
  });
});
