import { describe, expect, it } from 'vitest';
import { ANY_CHANGE_KEY, ChangeScope, StampedCache, storeChangeStamps, type TrackScopes } from '../src/change-stamps.js';
import { MemoryStore, type KeyValueStore } from '../src/store.js';

/** A loader over a value that tests change, reading scope `s` first; counts its runs. */
function source(initial: string, scopes: string[] = ['s']) {
  const src = {
    value: initial,
    loads: 0,
    keep: true,
    load: async (track: TrackScopes) => {
      src.loads++;
      await track(scopes);
      return { value: src.value, keep: src.keep };
    },
  };
  return src;
}

const setup = (opts: { maxEntries?: number; maxAgeMs?: number; now?: () => number } = {}) => {
  const store = new MemoryStore();
  const stamps = storeChangeStamps(store);
  return { store, stamps, cache: new StampedCache<string>(stamps, { maxEntries: opts.maxEntries ?? 10, maxAgeMs: opts.maxAgeMs, now: opts.now }) };
};

describe('change stamps', () => {
  it('give every bump a new token, the same one to every scope of the bump, and null to a scope never bumped', async () => {
    const { stamps } = setup();
    expect(await stamps.read(['a', 'b'])).toEqual([null, null]);
    await stamps.bump(['a', 'b']);
    const [a1, b1] = await stamps.read(['a', 'b']);
    expect(a1).toBeTruthy();
    expect(b1).toBe(a1);
    await stamps.bump(['a']);
    const [a2, b2] = await stamps.read(['a', 'b']);
    expect(a2).not.toBe(a1);
    expect(b2).toBe(b1);
  });

  it('are unique across processes (two stamp writers on one store never repeat a token)', async () => {
    const store = new MemoryStore();
    const one = storeChangeStamps(store);
    const two = storeChangeStamps(store);
    const seen = new Set<string | null>();
    for (let i = 0; i < 5; i++) {
      await one.bump(['x']);
      seen.add((await one.read(['x']))[0]!);
      await two.bump(['x']);
      seen.add((await two.read(['x']))[0]!);
    }
    expect(seen.size).toBe(10);
  });

  it('do not fail a committed write when the store is down', async () => {
    const broken = { set: () => Promise.reject(new Error('down')) } as unknown as KeyValueStore;
    const warnings: unknown[] = [];
    const log = { warn: (o: unknown) => warnings.push(o) } as never;
    await expect(storeChangeStamps(broken, log).bump(['x'])).resolves.toBeUndefined();
    expect(warnings).toHaveLength(1);
  });

  it('move the last-change token after the scopes of every bump', async () => {
    const { store, stamps } = setup();
    expect(await stamps.lastChange()).toBeNull();
    const order: string[] = [];
    const set = store.set.bind(store);
    store.set = async (key, value, ttl) => {
      order.push(key);
      return set(key, value, ttl);
    };
    await stamps.bump(['a', 'b']);
    expect(order).toEqual(['a', 'b', ANY_CHANGE_KEY]);
    const first = await stamps.lastChange();
    expect(first).toBe((await stamps.read(['a']))[0]);
    await stamps.bump(['c']);
    expect(await stamps.lastChange()).not.toBe(first);
  });

  it('name the scopes of classes, class times and a user’s times apart', () => {
    const scopes = [ChangeScope.classes, ChangeScope.classTimes('c1'), ChangeScope.userTimes('c1')];
    expect(new Set(scopes).size).toBe(3);
  });
});

describe('StampedCache', () => {
  it('answers the kept value while the stamps are unchanged, and loads anew after a bump of any of its scopes', async () => {
    const { stamps, cache } = setup();
    const src = source('v1', ['s', 't']);
    expect(await cache.get('k', src.load)).toBe('v1');
    src.value = 'v2';
    expect(await cache.get('k', src.load)).toBe('v1');
    expect(src.loads).toBe(1);
    await stamps.bump(['t']);
    expect(await cache.get('k', src.load)).toBe('v2');
    expect(src.loads).toBe(2);
    await stamps.bump(['other']);
    expect(await cache.get('k', src.load)).toBe('v2');
    expect(src.loads).toBe(2);
  });

  it('looks at its own scopes only when something was bumped since it last did', async () => {
    const { store, stamps, cache } = setup();
    await stamps.bump(['unrelated']);
    const src = source('v1', ['s', 't', 'u']);
    const scopeReads: number[] = [];
    const getMany = store.getMany.bind(store);
    store.getMany = async (keys) => {
      scopeReads.push(keys.length);
      return getMany(keys);
    };
    expect(await cache.get('k', src.load)).toBe('v1');
    scopeReads.length = 0;
    // Nothing bumped since the build: each read is one look at the last-change token.
    for (let i = 0; i < 5; i++) expect(await cache.get('k', src.load)).toBe('v1');
    expect(scopeReads).toEqual([]);
    // An unrelated bump: one look at the three scopes, the value stays, and later reads are cheap again.
    await stamps.bump(['other']);
    expect(await cache.get('k', src.load)).toBe('v1');
    expect(await cache.get('k', src.load)).toBe('v1');
    expect(scopeReads).toEqual([3]);
    expect(src.loads).toBe(1);
    // A bump of one of its scopes: loaded anew.
    src.value = 'v2';
    await stamps.bump(['u']);
    expect(await cache.get('k', src.load)).toBe('v2');
    expect(src.loads).toBe(2);
  });

  it('after a bump whose last-change token could not be written, answers the kept value only until the next bump anywhere', async () => {
    const { store, stamps, cache } = setup();
    await stamps.bump(['before']);
    const src = source('v1');
    expect(await cache.get('k', src.load)).toBe('v1');
    expect(await cache.get('k', src.load)).toBe('v1');
    // The scope is written, the last-change token fails: the reader still sees the old token, and the entry
    // is answered until the writer's bump is complete; the writer logs the failure, and the entry ends at maxAge.
    const set = store.set.bind(store);
    store.set = async (key, value, ttl) => {
      if (key === ANY_CHANGE_KEY) throw new Error('down');
      return set(key, value, ttl);
    };
    src.value = 'v2';
    await stamps.bump(['s']);
    store.set = set;
    expect(await cache.get('k', src.load)).toBe('v1');
    // The next completed bump anywhere moves the token: the entry's own scope is looked at and found moved.
    await stamps.bump(['elsewhere']);
    expect(await cache.get('k', src.load)).toBe('v2');
  });

  it('never keeps what a load read while a write was committing: the next read loads again', async () => {
    const { stamps, cache } = setup();
    let data = 'old';
    const read = async (track: TrackScopes) => {
      await track(['s']);
      return { value: data };
    };
    // The loader takes the stamps and reads 'old'; then a write commits 'new' and moves the stamp; then
    // the loader answers what it read. That answer is right for this request but must not be kept.
    const racing = async (track: TrackScopes) => {
      const { value } = await read(track);
      data = 'new';
      await stamps.bump(['s']);
      return { value };
    };
    expect(await cache.get('k', racing)).toBe('old');
    expect(await cache.get('k', read)).toBe('new');
    expect(await cache.get('k', read)).toBe('new');
  });

  it('keeps nothing from a load that says keep: false, or that throws', async () => {
    const { cache } = setup();
    const src = source('partial');
    src.keep = false;
    expect(await cache.get('k', src.load)).toBe('partial');
    src.keep = true;
    src.value = 'full';
    expect(await cache.get('k', src.load)).toBe('full');
    expect(src.loads).toBe(2);
    const failing = async () => {
      throw new Error('no');
    };
    await expect(cache.get('x', failing)).rejects.toThrow('no');
    expect(cache.size).toBe(1);
  });

  it('does not hand a kept value to a caller it is not for (usable false): that caller runs the load itself', async () => {
    const { cache } = setup();
    const src = source('of-anna');
    expect(await cache.get('k', src.load, () => true)).toBe('of-anna');
    const foreign = async (): Promise<{ value: string }> => {
      throw new Error('nicht gefunden');
    };
    await expect(cache.get('k', foreign, () => false)).rejects.toThrow('nicht gefunden');
    expect(await cache.get('k', src.load, () => true)).toBe('of-anna');
    expect(src.loads).toBe(1);
  });
});

describe('StampedCache under concurrent loads and limits', () => {
  it('lets requests that miss at the same time wait for one load instead of each loading', async () => {
    const { cache } = setup();
    const src = source('v');
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.get('k', src.load)));
    expect(answers.every((a) => a === 'v')).toBe(true);
    expect(src.loads).toBe(1);
  });

  it('a request that comes after a write does not take the answer of a load that started before it', async () => {
    const { stamps, cache } = setup();
    let data = 'old';
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = async (track: TrackScopes) => {
      await track(['s']);
      const read = data;
      await gate;
      return { value: read };
    };
    const fresh = async (track: TrackScopes) => {
      await track(['s']);
      return { value: data };
    };
    const before = cache.get('k', slow);
    await new Promise((r) => setImmediate(r));
    data = 'new';
    await stamps.bump(['s']);
    const after = cache.get('k', fresh);
    release();
    expect(await before).toBe('old');
    expect(await after).toBe('new');
    expect(await cache.get('k', fresh)).toBe('new');
  });

  it('with kept answers switched off (KEPT_ANSWERS=false) loads on every call, keeps nothing, and still moves the stamps', async () => {
    const store = new MemoryStore();
    const stamps = storeChangeStamps(store, undefined, { keep: false });
    expect(stamps.keep).toBe(false);
    expect(storeChangeStamps(store).keep).toBe(true);
    const cache = new StampedCache<string>(stamps, { maxEntries: 10 });
    const src = source('v1');
    expect(await cache.get('k', src.load)).toBe('v1');
    expect(await cache.get('k', src.load)).toBe('v1');
    expect(src.loads).toBe(2);
    expect(cache.size).toBe(0);
    src.value = 'v2';
    expect(await cache.get('k', src.load)).toBe('v2');
    await stamps.bump(['s']);
    expect(await store.get('s')).toBeTruthy();
    expect(await store.get(ANY_CHANGE_KEY)).toBe(await store.get('s'));
  });

  it('drops the least recently used entry beyond maxEntries', async () => {
    const { cache } = setup({ maxEntries: 2 });
    const a = source('a');
    const b = source('b');
    const c = source('c');
    await cache.get('a', a.load);
    await cache.get('b', b.load);
    await cache.get('a', a.load);
    await cache.get('c', c.load);
    expect(cache.size).toBe(2);
    await cache.get('a', a.load);
    await cache.get('b', b.load);
    expect(a.loads).toBe(1);
    expect(b.loads).toBe(2);
  });

  it('past maxAgeMs answers the kept value once more while it builds a new one, and past twice that waits for the new one', async () => {
    let now = 1000;
    const { cache } = setup({ maxAgeMs: 500, now: () => now });
    const src = source('v1');
    await cache.get('k', src.load);
    now += 499;
    src.value = 'v2';
    expect(await cache.get('k', src.load)).toBe('v1');
    expect(src.loads).toBe(1);
    now += 2;
    expect(await cache.get('k', src.load)).toBe('v1');
    await new Promise((r) => setImmediate(r));
    expect(src.loads).toBe(2);
    expect(await cache.get('k', src.load)).toBe('v2');
    now += 1000;
    src.value = 'v3';
    expect(await cache.get('k', src.load)).toBe('v3');
    expect(src.loads).toBe(3);
  });

  it('keeps nothing when the stamps cannot be read, and still answers', async () => {
    const store = new MemoryStore();
    store.getMany = () => Promise.reject(new Error('down'));
    const cache = new StampedCache<string>(storeChangeStamps(store), { maxEntries: 5 });
    const src = source('v');
    expect(await cache.get('k', src.load)).toBe('v');
    expect(await cache.get('k', src.load)).toBe('v');
    expect(src.loads).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('a stamp that expired (no change for a day) still never revives an older kept value', async () => {
    // Entries are answered at most twice maxAgeMs, far less than a stamp's TTL: an entry built before a bump
    // is gone before that bump's stamp can expire back to null.
    const { STAMP_TTL_SECONDS, STAMPED_CACHE_MAX_AGE_MS } = await import('../src/change-stamps.js');
    expect(2 * STAMPED_CACHE_MAX_AGE_MS).toBeLessThan(STAMP_TTL_SECONDS * 1000);
  });
});
