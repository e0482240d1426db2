/**
 * Key-value store used for session revocation, rate limits and progress fan-out.
 * Memory in embedded mode (one instance shared by every service of the process), Redis when distributed.
 */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  /** Several keys in one round trip, in the order asked (null where a key is absent). */
  getMany(keys: readonly string[]): Promise<(string | null)[]>;
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  del(key: string): Promise<void>;
  /** Increment a counter (by 1 or `by`, which may be negative); the TTL is set when the counter is created. Returns count and seconds left. */
  incr(key: string, ttlSeconds: number, by?: number): Promise<{ count: number; ttlSeconds: number }>;
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, onMessage: (message: string) => void): Promise<() => Promise<void>>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

interface MemoryEntry {
  value: string;
  expiresAt: number | null;
}

export class MemoryStore implements KeyValueStore {
  private readonly data = new Map<string, MemoryEntry>();
  private readonly channels = new Map<string, Set<(m: string) => void>>();
  constructor(private readonly now: () => number = Date.now) {}

  private live(key: string): MemoryEntry | undefined {
    const e = this.data.get(key);
    if (!e) return undefined;
    if (e.expiresAt !== null && e.expiresAt <= this.now()) {
      this.data.delete(key);
      return undefined;
    }
    return e;
  }
  async get(key: string) {
    return this.live(key)?.value ?? null;
  }
  async getMany(keys: readonly string[]) {
    return keys.map((k) => this.live(k)?.value ?? null);
  }
  async set(key: string, value: string, ttlSeconds?: number) {
    this.data.set(key, { value, expiresAt: ttlSeconds ? this.now() + ttlSeconds * 1000 : null });
  }
  async del(key: string) {
    this.data.delete(key);
  }
  async incr(key: string, ttlSeconds: number, by = 1) {
    const e = this.live(key);
    if (!e) {
      const entry = { value: String(by), expiresAt: this.now() + ttlSeconds * 1000 };
      this.data.set(key, entry);
      return { count: by, ttlSeconds };
    }
    e.value = String(Number(e.value) + by);
    const left = e.expiresAt === null ? ttlSeconds : Math.max(1, Math.ceil((e.expiresAt - this.now()) / 1000));
    return { count: Number(e.value), ttlSeconds: left };
  }
  async publish(channel: string, message: string) {
    for (const fn of this.channels.get(channel) ?? []) queueMicrotask(() => fn(message));
  }
  async subscribe(channel: string, onMessage: (m: string) => void) {
    let set = this.channels.get(channel);
    if (!set) this.channels.set(channel, (set = new Set()));
    set.add(onMessage);
    return async () => {
      set.delete(onMessage);
    };
  }
  async ping() {
    return true;
  }
  async close() {
    this.channels.clear();
  }
}

/** The Redis client library loads only when a Redis store is used, not with every process that imports this package (docs/adr/0014). */
async function newRedisClient(url: string) {
  const { createClient } = await import('redis');
  return createClient({ url, socket: { connectTimeout: 3000, reconnectStrategy: (n: number) => Math.min(n * 200, 3000) } });
}
type RedisClient = Awaited<ReturnType<typeof newRedisClient>>;

/** A key prefix: letters, digits and `_ . : -`, ending in a separator unless empty (REDIS_KEY_PREFIX). */
export const REDIS_KEY_PREFIX_RE = /^([\w.:-]*[.:_-])?$/;

/**
 * Redis, every key and pub/sub channel under one prefix (REDIS_KEY_PREFIX): deployments and test
 * runs sharing one Redis never see each other's sessions, counters or progress.
 */
export class RedisStore implements KeyValueStore {
  private subscriber: RedisClient | undefined;
  private constructor(
    private readonly client: RedisClient,
    private readonly url: string,
    readonly prefix: string,
  ) {}

  static async connect(url: string, prefix = ''): Promise<RedisStore> {
    if (!REDIS_KEY_PREFIX_RE.test(prefix)) throw new Error(`invalid Redis key prefix ${JSON.stringify(prefix)}`);
    const client = await newRedisClient(url);
    client.on('error', () => {
      /* reconnects on its own; readiness reports the state */
    });
    await client.connect();
    return new RedisStore(client, url, prefix);
  }
  async get(key: string) {
    return (await this.client.get(this.prefix + key)) ?? null;
  }
  async getMany(keys: readonly string[]) {
    if (!keys.length) return [];
    return (await this.client.mGet(keys.map((k) => this.prefix + k))).map((v) => v ?? null);
  }
  async set(key: string, value: string, ttlSeconds?: number) {
    if (ttlSeconds) await this.client.set(this.prefix + key, value, { EX: ttlSeconds });
    else await this.client.set(this.prefix + key, value);
  }
  async del(key: string) {
    await this.client.del(this.prefix + key);
  }
  async incr(key: string, ttlSeconds: number, by = 1) {
    const k = this.prefix + key;
    const [count] = (await this.client.multi().incrBy(k, by).expire(k, ttlSeconds, 'NX').exec()) as unknown as [number];
    const ttl = await this.client.ttl(k);
    return { count: Number(count), ttlSeconds: ttl > 0 ? ttl : ttlSeconds };
  }
  async publish(channel: string, message: string) {
    await this.client.publish(this.prefix + channel, message);
  }
  async subscribe(channel: string, onMessage: (m: string) => void) {
    if (!this.subscriber) {
      this.subscriber = this.client.duplicate();
      this.subscriber.on('error', () => {});
      await this.subscriber.connect();
    }
    const sub = this.subscriber;
    const c = this.prefix + channel;
    await sub.subscribe(c, onMessage);
    return async () => {
      await sub.unsubscribe(c, onMessage);
    };
  }
  /** Deletes every key under this store's prefix (a test run cleaning up after itself); refused without a prefix. */
  async deleteAll(): Promise<number> {
    if (!this.prefix) throw new Error('refusing to delete every key of a Redis without a key prefix');
    let deleted = 0;
    // The prefix has no glob characters (REDIS_KEY_PREFIX_RE).
    for await (const keys of this.client.scanIterator({ MATCH: `${this.prefix}*`, COUNT: 500 })) {
      if (keys.length) deleted += await this.client.del(keys);
    }
    return deleted;
  }
  async ping() {
    try {
      return (await this.client.ping()) === 'PONG';
    } catch {
      return false;
    }
  }
  async close() {
    await this.subscriber?.quit().catch(() => undefined);
    await this.client.quit().catch(() => undefined);
  }
  toString() {
    return `RedisStore(${this.url.replace(/\/\/.*@/, '//***@')})`;
  }
}

let sharedMemoryStore: MemoryStore | undefined;

/** In embedded mode every service in the process must see the same revocations and counters. */
export async function createStore(cfg: { STORE: 'memory' | 'redis'; REDIS_URL: string; REDIS_KEY_PREFIX: string }): Promise<KeyValueStore> {
  if (cfg.STORE === 'redis') return RedisStore.connect(cfg.REDIS_URL, cfg.REDIS_KEY_PREFIX);
  sharedMemoryStore ??= new MemoryStore();
  return sharedMemoryStore;
}

/**
 * Forgets the process-wide memory store: the next createStore starts empty, as a new process would.
 * For tests that stop and start services (or the whole embedded stack) inside one process.
 */
export function forgetSharedMemoryStore(): void {
  sharedMemoryStore = undefined;
}

export interface RateLimitResult {
  allowed: boolean;
  waitSeconds: number;
  count: number;
}

/** Fixed-window limit: at most `limit` hits per `windowSeconds` for `key`. */
export async function hitRateLimit(store: KeyValueStore, key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
  const { count, ttlSeconds } = await store.incr(`rl:${key}`, windowSeconds);
  return { allowed: count <= limit, waitSeconds: count <= limit ? 0 : ttlSeconds, count };
}
