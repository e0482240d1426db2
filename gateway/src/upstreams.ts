import type { IncomingMessage } from 'node:http';
import { z } from 'zod';

/**
 * Replicas behind one `<NAME>_SERVICE_URL`: one URL, or several separated by commas (start:distributed
 * runs SOLVER_REPLICAS=2 as two processes). In Kubernetes the value is the Service's one URL and the
 * Service spreads; here the gateway does the same: round robin per request, and a replica that refused
 * a connection (its process is gone) is left out for a few seconds while another one is there.
 */
export const splitUpstreams = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const isHttpUrl = (v: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
};

export const upstreamListSchema = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine((v) => splitUpstreams(v).length > 0 && splitUpstreams(v).every(isHttpUrl), 'expected a URL or a comma-separated list of URLs');

/** The first replica: health aggregation and pages that need one address. */
export const firstUpstream = (value: string): string => splitUpstreams(value)[0] ?? value;

const DOWN_MS = 5000;
const TARGET = Symbol('upstream');

export class UpstreamPool {
  readonly targets: string[];
  private next = 0;
  private readonly downUntil = new Map<string, number>();

  constructor(value: string) {
    this.targets = splitUpstreams(value);
  }

  /** The replica for this request (round robin, skipping one that refused a connection a moment ago). */
  pick = (req: IncomingMessage): string => {
    const now = Date.now();
    const n = this.targets.length;
    // The next replica in turn that is not left out; when all are, simply the next one.
    let i = 0;
    while (i < n && (this.downUntil.get(this.targets[(this.next + i) % n]!) ?? 0) > now) i++;
    if (i === n) i = 0;
    const chosen = this.targets[(this.next + i) % n]!;
    this.next = (this.next + i + 1) % n;
    (req as IncomingMessage & { [TARGET]?: string })[TARGET] = chosen;
    return chosen;
  };

  /** After a refused connection: leave that replica out for a while (only when there is another). */
  failed(req: IncomingMessage, code: string | undefined): void {
    const t = (req as IncomingMessage & { [TARGET]?: string })[TARGET];
    if (t && this.targets.length > 1 && (code === 'ECONNREFUSED' || code === 'ECONNRESET')) this.downUntil.set(t, Date.now() + DOWN_MS);
  }
}
