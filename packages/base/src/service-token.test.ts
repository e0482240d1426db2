import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  createServiceTokenVerifier,
  generateServiceTokenKey,
  loadOrCreateServiceTokenKeyFile,
  parseServiceTokenKey,
  SERVICE_TOKEN_TTL_SECONDS,
  ServiceTokenKeyError,
  ServiceTokenSigner,
} from './service-token.js';

const key = parseServiceTokenKey(generateServiceTokenKey());
const bearer = (token: string) => {
  const md = new grpc.Metadata();
  md.set('authorization', `Bearer ${token}`);
  return md;
};

describe('parseServiceTokenKey', () => {
  it('accepts base64 of 32 bytes or more (standard and URL alphabet)', () => {
    expect(parseServiceTokenKey(Buffer.alloc(32, 7).toString('base64'))).toHaveLength(32);
    expect(parseServiceTokenKey(Buffer.alloc(48, 250).toString('base64url'))).toHaveLength(48);
  });

  it.each([
    ['missing', undefined],
    ['empty', '  '],
    ['too short', Buffer.alloc(31).toString('base64')],
    ['not base64', 'ein geheimes Passwort mit Leerzeichen'],
  ])('refuses a key that is %s', (_name, value) => {
    expect(() => parseServiceTokenKey(value)).toThrow(ServiceTokenKeyError);
  });

  it('generates a different 32-byte key each time', () => {
    const a = generateServiceTokenKey();
    expect(parseServiceTokenKey(a)).toHaveLength(32);
    expect(generateServiceTokenKey()).not.toBe(a);
  });
});

describe('ServiceTokenSigner', () => {
  it('signs HS256 with iss = caller, aud = target and a 5-minute exp', async () => {
    const token = await new ServiceTokenSigner(key, 'classes').token('availability');

    expect(decodeProtectedHeader(token).alg).toBe('HS256');
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ iss: 'classes', aud: 'availability' });
    expect(claims.exp! - claims.iat!).toBe(SERVICE_TOKEN_TTL_SECONDS);
  });

  it('reuses a cached token per audience and renews it in the last minute', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T10:00:00Z') });
    try {
      const signer = new ServiceTokenSigner(key, 'auth');
      const first = await signer.token('classes');
      expect(await signer.token('classes')).toBe(first);
      expect(await signer.token('availability')).not.toBe(first);

      vi.setSystemTime(new Date('2026-01-01T10:03:59Z'));
      expect(await signer.token('classes')).toBe(first);

      vi.setSystemTime(new Date('2026-01-01T10:04:01Z'));
      const renewed = await signer.token('classes');
      expect(renewed).not.toBe(first);
      expect(decodeJwt(renewed).exp).toBeGreaterThan(decodeJwt(first).exp!);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('createServiceTokenVerifier', () => {
  const verify = createServiceTokenVerifier(key, 'availability');

  it('answers the calling service for a valid token', async () => {
    const token = await new ServiceTokenSigner(key, 'classes').token('availability');

    await expect(verify(bearer(token))).resolves.toBe('classes');
  });

  it('refuses missing metadata, another scheme, another key and another audience', async () => {
    const other = parseServiceTokenKey(generateServiceTokenKey());
    const md = new grpc.Metadata();
    md.set('authorization', 'Basic Zm9vOmJhcg==');

    await expect(verify(new grpc.Metadata())).rejects.toThrow(/missing/);
    await expect(verify(md)).rejects.toThrow(/missing/);
    await expect(verify(bearer(await new ServiceTokenSigner(other, 'classes').token('availability')))).rejects.toThrow();
    await expect(verify(bearer(await new ServiceTokenSigner(key, 'classes').token('auth')))).rejects.toThrow();
  });

  it('refuses a token that was accepted before once it has expired (the cache ends at exp)', async () => {
    const token = await new ServiceTokenSigner(key, 'classes', 60).token('availability');
    await expect(verify(bearer(token))).resolves.toBe('classes');
    await expect(verify(bearer(token))).resolves.toBe('classes');
    vi.useFakeTimers({ now: Date.now() + 120_000 });
    try {
      await expect(verify(bearer(token))).rejects.toThrow();
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a token after it expired', async () => {
    const token = await new ServiceTokenSigner(key, 'classes', 60).token('availability');
    vi.useFakeTimers({ now: Date.now() + 120_000 });
    try {
      await expect(verify(bearer(token))).rejects.toThrow();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('loadOrCreateServiceTokenKeyFile', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sp-stk-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates a 0600 key file on first use and reads the same key later', () => {
    const file = path.join(dir, 'service-token.key');

    const first = loadOrCreateServiceTokenKeyFile(file);

    expect(parseServiceTokenKey(first)).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(loadOrCreateServiceTokenKeyFile(file)).toBe(first);
  });
});
