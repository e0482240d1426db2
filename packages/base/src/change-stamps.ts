import { randomBytes } from 'node:crypto';
import type { Logger } from './logger.js';
import type { KeyValueStore } from './store.js';

/**
 * Change stamps: one token per scope of data, replaced whenever data of that scope changes (after the
 * commit, before the writer answers). A reader takes the tokens of the scopes it is about to read before it
 * reads them; what it built from those reads stays valid for as long as all of them are unchanged. The
 * tokens live in the shared store (memory in embedded mode, Redis when distributed), so every service and
 * every replica sees the same ones: a write in one replica invalidates what the others keep.
 */

/**
 * The scopes: written by the service that owns the data, read by the services that keep answers built from it.
 * Each scope is its key in the store (so a read of a few hundred stamps builds no strings).
 */
export const ChangeScope = {
  /** Classes and their members, of every teacher (classes service). */
  classes: 'stamp:classes',
  /** Teacher-entered member times, teacher times and time range of one class (availability service). */
  classTimes: (classId: string) => `stamp:times:class:${classId}`,
  /** A student's own times (availability service). */
  userTimes: (userId: string) => `stamp:times:user:${userId}`,
} as const;

/**
 * Moved by every bump, after the scopes it changes: while it is unchanged since a kept answer was last
 * found valid, no scope at all has changed, and a reader skips the look at that answer's (often hundreds of)
 * scopes. One key read instead of one per scope while nothing is written anywhere.
 */
export const ANY_CHANGE_KEY = 'stamp:any';

/**
 * How long a token lives without a new change. Longer than any kept answer (STAMPED_CACHE_MAX_AGE_MS): an
 * answer built before a change can never meet the "no token" of an expired one.
 */
export const STAMP_TTL_SECONDS = 86_400;

export interface ChangeStamps {
  /** The current tokens of these scopes (null: no change within STAMP_TTL_SECONDS). */
  read(scopes: readonly string[]): Promise<(string | null)[]>;
  /** Marks these scopes changed, then ANY_CHANGE_KEY. Never throws: the change is committed, a store failure is logged. */
  bump(scopes: readonly string[]): Promise<void>;
  /** The token of the last bump anywhere (null: none within STAMP_TTL_SECONDS, or the store failed). */
  lastChange(): Promise<string | null>;
  /**
   * `false` (KEPT_ANSWERS=false): every StampedCache on these stamps builds its answer anew on every call and keeps
   * nothing. The stamps are still moved, so replicas with the setting on stay right beside one with it off.
   */
  readonly keep?: boolean;
}

export function storeChangeStamps(store: KeyValueStore, log?: Logger, opts: { keep?: boolean } = {}): ChangeStamps {
  // Unique across processes and restarts: a random part per process and a counter.
  const origin = randomBytes(6).toString('base64url');
  let count = 0;
  return {
    keep: opts.keep ?? true,
    read: (scopes) => store.getMany(scopes),
    lastChange: () => store.get(ANY_CHANGE_KEY).catch(() => null),
    async bump(scopes) {
      const token = `${origin}.${(++count).toString(36)}`;
      try {
        await Promise.all([...new Set(scopes)].map((s) => store.set(s, token, STAMP_TTL_SECONDS)));
        // Only after the scopes: a reader that still sees the previous token finds the new scope stamps itself.
        await store.set(ANY_CHANGE_KEY, token, STAMP_TTL_SECONDS);
      } catch (e) {
        log?.warn({ err: (e as Error).message, scopes: scopes.length }, 'change stamps not written: kept answers may be stale until they expire');
      }
    },
  };
}

/** Called by a loader with the scopes it is about to read, before it reads them. */
export type TrackScopes = (scopes: readonly string[]) => Promise<void>;
export const untracked: TrackScopes = async () => {};

/**
 * The age from which a kept answer is built anew even with unchanged stamps (in the background; at twice this
 * age it is no longer answered): bounds what a lost stamp write can cost.
 */
export const STAMPED_CACHE_MAX_AGE_MS = 60_000;

interface Entry<V> {
  value: V;
  scopes: string[];
  stamps: (string | null)[];
  at: number;
  /** ANY_CHANGE_KEY as read before the stamps were last found (or, at build, taken) current; null: unknown. */
  seen: string | null;
}

export interface StampedCacheOptions {
  /** Most entries kept; the least recently used goes first. */
  maxEntries: number;
  maxAgeMs?: number;
  now?: () => number;
}

const sameStamps = (a: readonly (string | null)[], b: readonly (string | null)[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * Answers kept per key and valid while the change stamps they were built under are unchanged. A read that
 * finds a valid entry costs one look at the stamps instead of the statements and calls behind the answer.
 */
export class StampedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** Loads running now, per key (settled, never rejected). */
  private readonly loading = new Map<string, Promise<void>>();
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor(
    private readonly stamps: ChangeStamps,
    private readonly opts: StampedCacheOptions,
  ) {
    this.maxAgeMs = opts.maxAgeMs ?? STAMPED_CACHE_MAX_AGE_MS;
    this.now = opts.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The value for `key`: the kept one when `usable` accepts it and its stamps are unchanged, otherwise what
   * `load` builds. `load` calls `track` with the scopes of its data before reading them. A load that throws, or
   * answers `keep: false` (e.g. a partial answer while another service is down), leaves nothing behind.
   */
  async get(key: string, load: (track: TrackScopes) => Promise<{ value: V; keep?: boolean }>, usable: (v: V) => boolean = () => true): Promise<V> {
    // Kept answers switched off (KEPT_ANSWERS=false): the ordinary path, every read builds its answer.
    if (this.stamps.keep === false) return (await load(untracked)).value;
    const hit = await this.valid(key, usable);
    if (hit) {
      // Past maxAge with unchanged stamps: still right as far as anyone knows; rebuilt in the background
      // instead of making every request of the moment wait for it.
      if (this.now() - hit.at >= this.maxAgeMs && !this.loading.has(key)) this.build(key, load).catch(() => undefined);
      return hit.value;
    }
    // Many requests missing at once (e.g. 200 at the first read after a change) wait for the one load already
    // running and then check its entry like any kept one, instead of each repeating the same work.
    const running = this.loading.get(key);
    if (running) {
      await running;
      const joined = await this.valid(key, usable);
      if (joined) return joined.value;
    }
    return this.build(key, load);
  }

  /** Runs `load` for `key` (registered as the running one unless another is) and keeps what it built. */
  private async build(key: string, load: (track: TrackScopes) => Promise<{ value: V; keep?: boolean }>): Promise<V> {
    const at = this.now();
    // Read before any stamp is taken: a bump finished after this moment moves it.
    let seen: string | null = null;
    const scopes: string[] = [];
    const stamps: (string | null)[] = [];
    let trackable = true;
    const track: TrackScopes = async (more) => {
      if (!more.length) return;
      try {
        stamps.push(...(await this.stamps.read(more)));
        scopes.push(...more);
      } catch {
        trackable = false;
      }
    };
    const loaded = this.stamps.lastChange().then((last) => {
      seen = last;
      return load(track);
    });
    if (!this.loading.has(key)) {
      const done = loaded.then(
        () => undefined,
        () => undefined,
      );
      this.loading.set(key, done);
      void done.then(() => {
        if (this.loading.get(key) === done) this.loading.delete(key);
      });
    }
    const { value, keep = true } = await loaded;
    if (keep && trackable && scopes.length) {
      this.entries.delete(key);
      if (this.entries.size >= this.opts.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { value, scopes, stamps, at, seen });
    }
    return value;
  }

  /**
   * The kept entry of `key` if it is usable for this caller, its stamps are unchanged and it is younger than
   * twice maxAge (between once and twice it is answered while a new one is built).
   */
  private async valid(key: string, usable: (v: V) => boolean): Promise<Entry<V> | undefined> {
    const hit = this.entries.get(key);
    if (!hit || !usable(hit.value)) return undefined;
    if (this.now() - hit.at >= 2 * this.maxAgeMs) {
      this.entries.delete(key);
      return undefined;
    }
    const last = await this.stamps.lastChange();
    if (last === null || last !== hit.seen) {
      // Something changed somewhere since this entry was last found current: are its own scopes unchanged?
      const current = await this.stamps.read(hit.scopes).catch(() => null);
      if (!current || !sameStamps(current, hit.stamps)) {
        if (this.entries.get(key) === hit) this.entries.delete(key);
        return undefined;
      }
      hit.seen = last;
    }
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }
}
