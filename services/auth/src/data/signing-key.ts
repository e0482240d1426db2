import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '@stundenplan/base';
import { calculateJwkThumbprint, type JWK } from 'jose';

/** The ES256 key that signs session tokens; the public half is served as JWKS. */
export interface SigningKey {
  privateKey: KeyObject;
  publicJwk: JWK & { kid: string; alg: 'ES256'; use: 'sig' };
  source: 'env' | 'file' | 'generated-file' | 'ephemeral';
}

class SigningKeyError extends Error {}

function assertP256(key: KeyObject, where: string): void {
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new SigningKeyError(`${where}: expected an EC P-256 private key for ES256`);
  }
}

async function fromPrivate(privateKey: KeyObject, source: SigningKey['source']): Promise<SigningKey> {
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' }) as JWK;
  const pub = { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y };
  const kid = await calculateJwkThumbprint(pub, 'sha256');
  return { privateKey, publicJwk: { ...pub, kid, alg: 'ES256', use: 'sig' }, source };
}

async function readKeyFile(file: string): Promise<KeyObject> {
  const jwk = JSON.parse(await readFile(file, 'utf8')) as JWK;
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.d) throw new SigningKeyError(`${file}: expected a private EC P-256 JWK`);
  const key = createPrivateKey({ key: jwk as import('node:crypto').JsonWebKey, format: 'jwk' });
  assertP256(key, file);
  return key;
}

/**
 * AUTH_JWT_PRIVATE_KEY (PKCS#8 PEM) wins; else AUTH_KEY_FILE (JWK, created 0600 on first start);
 * else a key that lives as long as the process (sessions end on restart), with a warning.
 */
export async function loadSigningKey(opts: { pem?: string; file?: string }, log: Logger): Promise<SigningKey> {
  if (opts.pem && opts.pem.trim()) {
    const pem = opts.pem.replace(/\\n/g, '\n').trim();
    let key: KeyObject;
    try {
      key = createPrivateKey({ key: pem, format: 'pem' });
    } catch (e) {
      throw new SigningKeyError(`AUTH_JWT_PRIVATE_KEY is not a readable PEM private key: ${(e as Error).message}`);
    }
    assertP256(key, 'AUTH_JWT_PRIVATE_KEY');
    return fromPrivate(key, 'env');
  }
  if (opts.file) {
    const file = path.resolve(opts.file);
    try {
      const key = await readKeyFile(file);
      const mode = (await stat(file)).mode & 0o777;
      if (mode & 0o077) {
        await chmod(file, 0o600).catch(() => log.warn({ file }, 'signing key file is readable by others; chmod 600 it'));
      }
      return fromPrivate(key, 'file');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    await mkdir(path.dirname(file), { recursive: true });
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    try {
      await writeFile(file, `${JSON.stringify(privateKey.export({ format: 'jwk' }))}\n`, { mode: 0o600, flag: 'wx' });
    } catch (e) {
      // Another process created it first: use theirs.
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return fromPrivate(await readKeyFile(file), 'file');
      throw e;
    }
    log.info({ file }, 'session signing key generated');
    return fromPrivate(privateKey, 'generated-file');
  }
  log.warn('no AUTH_JWT_PRIVATE_KEY or AUTH_KEY_FILE: using an ephemeral signing key; sessions end when auth restarts');
  return fromPrivate(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey, 'ephemeral');
}
