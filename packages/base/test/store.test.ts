import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MemoryStore, RedisStore, createStore, hitRateLimit, type KeyValueStore } from '../src/store.js';
import { sleep } from './helpers.js';

/**
 * One contract, two stores. `advance(ms)` moves time forward: an injected clock for the
 * memory store, real waiting for Redis (its TTLs are whole seconds, so Redis cases wait ~1 s).
 */
interface StoreFixture {
  store: KeyValueStore;
  advance(ms: number): Promise<void>;
  /** Message delivery is asynchronous in both stores. */
  settle(): Promise<void>;
}

function storeContract(name: string, setup: () => Promise<StoreFixture>, teardown: () => Promise<void>) {
  describe(`${name} (KeyValueStore contract)`, () => {
    let f: StoreFixture;
    let prefix: string;
    const used = new Set<string>();
    const k = (s: string) => {
      const key = `${prefix}:${s}`;
      used.add(key).add(`rl:${key}`);
      return key;
    };
    beforeAll(async () => {
      f = await setup();
    });
    afterAll(async () => {
      for (const key of used) await f.store.del(key);
      await teardown();
    });
    // A fresh key space per test, so runs and tests never see each other's keys.
    beforeEach(() => {
      prefix = `t_${randomUUID().slice(0, 8)}`;
    });

    it('answers null for a key that was never set', async () => {
      expect(await f.store.get(k('missing'))).toBeNull();
    });

    it('reads several keys at once, in the order asked, null where absent or expired', async () => {
      await f.store.set(k('a'), '1');
      await f.store.set(k('c'), '3', 1);
      await f.store.set(k('d'), '4');
      expect(await f.store.getMany([k('d'), k('b'), k('a'), k('c')])).toEqual(['4', null, '1', '3']);
      expect(await f.store.getMany([])).toEqual([]);
      await f.advance(1100);
      expect(await f.store.getMany([k('a'), k('c')])).toEqual(['1', null]);
    });

    it('returns what was set, and the latest value after an overwrite', async () => {
      await f.store.set(k('a'), 'eins');
      expect(await f.store.get(k('a'))).toBe('eins');

      await f.store.set(k('a'), 'zwei');

      expect(await f.store.get(k('a'))).toBe('zwei');
    });

    it('forgets a value once its TTL has passed, and keeps one without TTL', async () => {
      await f.store.set(k('short'), 'x', 1);
      await f.store.set(k('forever'), 'y');
      expect(await f.store.get(k('short'))).toBe('x');

      await f.advance(1200);

      expect(await f.store.get(k('short'))).toBeNull();
      expect(await f.store.get(k('forever'))).toBe('y');
    });

    it('deletes a key, and deleting a missing key is harmless', async () => {
      await f.store.set(k('d'), 'x');

      await f.store.del(k('d'));
      await f.store.del(k('never-there'));

      expect(await f.store.get(k('d'))).toBeNull();
    });

    it('counts with incr, sets the TTL on creation only, and starts over after it expires', async () => {
      const first = await f.store.incr(k('c'), 1);
      const second = await f.store.incr(k('c'), 1);
      const third = await f.store.incr(k('c'), 60); // a later, longer TTL must not extend the window

      expect(first).toEqual({ count: 1, ttlSeconds: 1 });
      expect(second.count).toBe(2);
      expect(second.ttlSeconds).toBeGreaterThan(0);
      expect(second.ttlSeconds).toBeLessThanOrEqual(1);
      expect(third.count).toBe(3);
      expect(third.ttlSeconds).toBeLessThanOrEqual(1);

      await f.advance(1200);

      expect(await f.store.incr(k('c'), 1)).toEqual({ count: 1, ttlSeconds: 1 });
    });

    it('increments by a given amount, also negative (reserving and giving back a budget)', async () => {
      expect((await f.store.incr(k('n'), 60, 5)).count).toBe(5);
      expect((await f.store.incr(k('n'), 60, 3)).count).toBe(8);
      expect((await f.store.incr(k('n'), 60, -3)).count).toBe(5);
      expect(await f.store.get(k('n'))).toBe('5');
    });

    it('keeps counters of different keys apart', async () => {
      await f.store.incr(k('x'), 60);
      await f.store.incr(k('x'), 60);

      expect((await f.store.incr(k('y'), 60)).count).toBe(1);
      expect(await f.store.get(k('x'))).toBe('2');
    });

    it('delivers published messages to subscribers of that channel only, until they unsubscribe', async () => {
      const got: string[] = [];
      const other: string[] = [];
      const unsubscribe = await f.store.subscribe(k('progress'), (m) => got.push(m));
      await f.store.subscribe(k('elsewhere'), (m) => other.push(m));

      await f.store.publish(k('progress'), 'eins');
      await f.store.publish(k('progress'), 'zwei');
      await f.settle();
      await unsubscribe();
      await f.store.publish(k('progress'), 'drei');
      await f.settle();

      expect(got).toEqual(['eins', 'zwei']);
      expect(other).toEqual([]);
    });

    it('delivers one message to every subscriber of the channel', async () => {
      const a: string[] = [];
      const b: string[] = [];
      await f.store.subscribe(k('fan'), (m) => a.push(m));
      await f.store.subscribe(k('fan'), (m) => b.push(m));

      await f.store.publish(k('fan'), 'hallo');
      await f.settle();

      expect(a).toEqual(['hallo']);
      expect(b).toEqual(['hallo']);
    });

    it('answers ping', async () => {
      expect(await f.store.ping()).toBe(true);
    });

    describe('hitRateLimit', () => rateLimitCases(() => f, k));
  });
}

/** The rate limit on top of a store: part of the same contract. */
function rateLimitCases(fixture: () => StoreFixture, k: (s: string) => string) {
  it('allows `limit` hits in a window, then refuses with the seconds to wait', async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(fixture().store, k('login:1.2.3.4'), 3, 60));

    expect(results.slice(0, 3).map((r) => [r.allowed, r.waitSeconds, r.count])).toEqual([
      [true, 0, 1],
      [true, 0, 2],
      [true, 0, 3],
    ]);
    expect(results[3]!.allowed).toBe(false);
    expect(results[3]!.count).toBe(4);
    expect(results[3]!.waitSeconds).toBeGreaterThan(0);
    expect(results[3]!.waitSeconds).toBeLessThanOrEqual(60);
  });

  it('limits each key on its own', async () => {
    await hitRateLimit(fixture().store, k('ip-a'), 1, 60);
    expect((await hitRateLimit(fixture().store, k('ip-a'), 1, 60)).allowed).toBe(false);

    expect((await hitRateLimit(fixture().store, k('ip-b'), 1, 60)).allowed).toBe(true);
  });

  it('allows hits again once the window has passed', async () => {
    await hitRateLimit(fixture().store, k('ip'), 1, 1);
    expect((await hitRateLimit(fixture().store, k('ip'), 1, 1)).allowed).toBe(false);

    await fixture().advance(1200);

    expect(await hitRateLimit(fixture().store, k('ip'), 1, 1)).toEqual({ allowed: true, waitSeconds: 0, count: 1 });
  });
}

// Memory: a clock the test moves, so expiry needs no waiting.
let clock = 1_700_000_000_000;
storeContract(
  'MemoryStore',
  async () => ({
    store: new MemoryStore(() => clock),
    advance: async (ms) => {
      clock += ms;
    },
    settle: () => sleep(0),
  }),
  async () => undefined,
);

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) console.warn('SKIPPED RedisStore contract tests: REDIS_URL is not set (e.g. REDIS_URL=redis://127.0.0.1:6379)');

describe.skipIf(!REDIS_URL)('RedisStore', () => {
  let redis: RedisStore | undefined;
  storeContract(
    'RedisStore',
    async () => {
      redis = await RedisStore.connect(REDIS_URL!);
      return { store: redis, advance: (ms) => sleep(ms), settle: () => sleep(100) };
    },
    async () => {
      await redis?.close();
    },
  );

  it('createStore connects to Redis when STORE=redis', async () => {
    const store = await createStore({ STORE: 'redis', REDIS_URL: REDIS_URL!, REDIS_KEY_PREFIX: '' });
    try {
      expect(store).toBeInstanceOf(RedisStore);
      expect(await store.ping()).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('keeps deployments sharing one Redis apart by REDIS_KEY_PREFIX, and deletes only its own keys', async () => {
    const run = randomUUID().slice(0, 8);
    const a = (await createStore({ STORE: 'redis', REDIS_URL: REDIS_URL!, REDIS_KEY_PREFIX: `sptest-${run}-a:` })) as RedisStore;
    const b = await RedisStore.connect(REDIS_URL!, `sptest-${run}-b:`);
    try {
      for (let i = 0; i < 3; i++) await hitRateLimit(a, 'login:ip:10.0.0.1', 2, 600);
      expect((await hitRateLimit(a, 'login:ip:10.0.0.1', 2, 600)).allowed).toBe(false);
      // The other deployment's limit is untouched by the first one's counter.
      expect(await hitRateLimit(b, 'login:ip:10.0.0.1', 2, 600)).toMatchObject({ allowed: true, count: 1 });
      await a.set('revoked:session:s1', '1', 60);
      expect(await b.get('revoked:session:s1')).toBeNull();
      expect(await a.getMany(['revoked:session:s1', 'x'])).toEqual(['1', null]);

      const heardByB: string[] = [];
      await b.subscribe('progress:c1', (m) => heardByB.push(m));
      const heardByA: string[] = [];
      await a.subscribe('progress:c1', (m) => heardByA.push(m));
      await a.publish('progress:c1', 'nur a');
      await sleep(100);
      expect(heardByA).toEqual(['nur a']);
      expect(heardByB).toEqual([]);

      expect(await a.deleteAll()).toBe(2);
      expect(await a.get('revoked:session:s1')).toBeNull();
      expect(await b.get('rl:login:ip:10.0.0.1')).toBe('1');
    } finally {
      await b.deleteAll();
      await a.close();
      await b.close();
    }
  });

  it('refuses a key prefix that could match other keys, and deleteAll without a prefix', async () => {
    await expect(RedisStore.connect(REDIS_URL!, 'sp*')).rejects.toThrow(/invalid Redis key prefix/);
    await expect(RedisStore.connect(REDIS_URL!, 'sp')).rejects.toThrow(/invalid Redis key prefix/);
    const none = await RedisStore.connect(REDIS_URL!);
    try {
      await expect(none.deleteAll()).rejects.toThrow(/without a key prefix/);
    } finally {
      await none.close();
    }
  });

  it('closes without throwing, and reports ping false afterwards', async () => {
    const store = await RedisStore.connect(REDIS_URL!);
    await store.subscribe(`t_${randomUUID().slice(0, 8)}`, () => undefined);

    await store.close();

    expect(await store.ping()).toBe(false);
  });
});

describe('createStore (memory)', () => {
  it('hands every service of the process the same memory store', async () => {
    const a = await createStore({ STORE: 'memory', REDIS_URL: '', REDIS_KEY_PREFIX: '' });
    const b = await createStore({ STORE: 'memory', REDIS_URL: '', REDIS_KEY_PREFIX: '' });
    await a.set('revoked:session:s1', '1');

    expect(b).toBe(a);
    expect(await b.get('revoked:session:s1')).toBe('1');
  });
});
