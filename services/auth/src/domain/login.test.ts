import { MemoryStore } from '@stundenplan/base';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserRow } from '../data/user-repository.js';
import type { AuthDeps } from './deps.js';
import { login } from './login.js';
import * as passwords from './passwords.js';

vi.mock('./passwords.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./passwords.js')>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});

/** Login must not answer an unknown address faster than a wrong password (account enumeration by timing). */

function depsWith(user: UserRow | null): AuthDeps {
  return {
    users: { findByEmail: vi.fn(async () => user) },
    store: new MemoryStore(),
    log: { info: () => {} },
  } as unknown as AuthDeps;
}

const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e as { code: string; detail: string },
  );

beforeEach(() => {
  vi.mocked(passwords.verifyPassword).mockClear();
});

describe('login timing', () => {
  it('runs one scrypt comparison against a dummy hash for an unknown address, then answers 401 like a wrong password', async () => {
    const verify = vi.mocked(passwords.verifyPassword);
    const err = await errorOf(login(depsWith(null), { email: 'niemand@example.org', password: 'geheim123' }, '198.51.100.1'));
    expect(err).toMatchObject({ code: 'UNAUTHORIZED', detail: 'Invalid credentials' });
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify.mock.calls[0]![0]).toBe('geheim123');
    expect(verify.mock.calls[0]![1]).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verify.mock.results[0]!.value).toBe(false);
  });

  it('uses the same dummy hash every time (made once per process)', async () => {
    expect(await passwords.dummyPasswordHash()).toBe(await passwords.dummyPasswordHash());
  });

  it('an unknown address and a wrong password take about the same time (median of 10, within 3x)', async () => {
    const known: UserRow = {
      id: 'u',
      email: 'da@example.org',
      name: 'Da Sein',
      passwordHash: await passwords.hashPassword('richtig123'),
      roleId: 2,
    } as UserRow;
    const median = async (deps: AuthDeps, email: string) => {
      const times: number[] = [];
      for (let i = 0; i < 10; i++) {
        const t = performance.now();
        await errorOf(login(deps, { email, password: 'falsch123' }, '198.51.100.1'));
        times.push(performance.now() - t);
      }
      return times.sort((a, b) => a - b)[5]!;
    };
    await passwords.dummyPasswordHash();
    const unknown = await median(depsWith(null), 'niemand@example.org');
    const wrong = await median(depsWith(known), 'da@example.org');
    expect(unknown).toBeGreaterThan(wrong / 3);
    expect(wrong).toBeGreaterThan(unknown / 3);
  });
});
