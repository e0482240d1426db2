/**
 * Builds the gateway's route table from the endpoint contracts (packages/contracts): one route per contract
 * path, each `{param}` placeholder matching exactly one path segment (also inside a segment, e.g.
 * `{token}.ics`). The gateway routes by path only; which methods a path answers is the service's business.
 * When several routes match, the more specific wins: segment by segment from the left, a literal segment
 * before one with a placeholder in it, that before a bare placeholder.
 */

/** What the route table reads from a contract. */
export interface RouteContract<S extends string = string> {
  id: string;
  method: string;
  path: string;
  service: S;
  bodyKind?: 'json' | 'multipart';
}

/** An upload's own limit (bytes of the whole body) and its German 413 detail, instead of 5 MB. */
export interface UploadLimit {
  bytes: number;
  detail: string;
}

export interface Route<S extends string = string> {
  /** The contract path, e.g. `/api/classes/{classId}/members`. */
  path: string;
  pattern: RegExp;
  service: S;
  /** The contracts answered under this path (one per method). */
  endpoints: readonly { id: string; method: string }[];
  /** A multipart upload (a contract with `bodyKind: 'multipart'`): the larger body limit. */
  upload?: boolean;
  uploadLimit?: UploadLimit;
}

const PLACEHOLDER = /\{(\w+)\}/g;
/** A segment of a contract path: literal characters and `{name}` placeholders, nothing else. */
const SEGMENT = /^(?:[A-Za-z0-9\-._~]|\{\w+\})+$/;

/** 2 a literal segment, 1 a placeholder with literal text around it, 0 a bare placeholder. */
function rankOf(segment: string): number {
  if (!segment.includes('{')) return 2;
  return /^\{\w+\}$/.test(segment) ? 0 : 1;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The anchored expression of a contract path: a placeholder is one or more characters other than `/`. */
export function patternOf(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) =>
      segment
        .split(PLACEHOLDER)
        .map((part, i) => (i % 2 === 1 ? '[^/]+' : escapeRegExp(part)))
        .join(''),
    )
    .join('/');
  return new RegExp(`^${source}$`);
}

function checkPath(c: RouteContract): void {
  const segments = c.path.split('/').slice(1);
  if (!c.path.startsWith('/api/') || segments.some((s) => !SEGMENT.test(s)))
    throw new Error(`${c.id}: ${c.path} is not a path the gateway can route (segments of letters, digits, -._~ and {param})`);
}

/** The path with every placeholder's name dropped: two contracts with the same shape claim the same paths. */
const shapeOf = (path: string) => path.replace(PLACEHOLDER, '{}');

/** Negative when route a is more specific than b (so it is tried first). */
function bySpecificity(a: Route, b: Route): number {
  const sa = a.path.split('/');
  const sb = b.path.split('/');
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    const diff = rankOf(sb[i]!) - rankOf(sa[i]!);
    if (diff) return diff;
    // Two segments with placeholders and text: the one with more literal text is the narrower one.
    const literal = (s: string) => s.replace(PLACEHOLDER, '').length;
    const text = literal(sb[i]!) - literal(sa[i]!);
    if (text) return text;
  }
  return sb.length - sa.length || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
}

/**
 * One route per contract path, most specific first. Throws when two contracts of different services claim
 * the same path, when one method of a path has two contracts, or when an upload limit names a contract that
 * does not exist or is no upload.
 */
export function buildRoutes<S extends string>(contracts: readonly RouteContract<S>[], uploadLimits: Readonly<Record<string, UploadLimit>> = {}): Route<S>[] {
  const byShape = new Map<string, Route<S>>();
  for (const c of contracts) {
    checkPath(c);
    const shape = shapeOf(c.path);
    const route = byShape.get(shape);
    if (!route) {
      byShape.set(shape, { path: c.path, pattern: patternOf(c.path), service: c.service, endpoints: [{ id: c.id, method: c.method }] });
      continue;
    }
    const [first] = route.endpoints;
    if (route.service !== c.service) throw new Error(`${c.path} is claimed by two services: ${route.service} (${first!.id}) and ${c.service} (${c.id})`);
    const twin = route.endpoints.find((e) => e.method === c.method);
    if (twin) throw new Error(`two contracts for ${c.method} ${c.path}: ${twin.id} and ${c.id}`);
    route.endpoints = [...route.endpoints, { id: c.id, method: c.method }];
  }
  const routes = [...byShape.values()];
  for (const c of contracts) {
    if (c.bodyKind === 'multipart') byShape.get(shapeOf(c.path))!.upload = true;
  }
  for (const [id, limit] of Object.entries(uploadLimits)) {
    const c = contracts.find((x) => x.id === id);
    if (!c) throw new Error(`an upload limit names ${id}, which is no contract`);
    const route = byShape.get(shapeOf(c.path))!;
    if (!route.upload) throw new Error(`an upload limit names ${id}, which takes no upload`);
    route.uploadLimit = limit;
  }
  return routes.sort(bySpecificity);
}

/**
 * The lookup over built routes: a literal path by one map lookup, otherwise the most specific route with
 * as many segments as the path. One trailing slash is ignored (the canonical path has none anyway).
 */
export function createMatcher<S extends string>(routes: readonly Route<S>[]): (path: string) => Route<S> | undefined {
  const literal = new Map<string, Route<S>>();
  const bySegments = new Map<number, Route<S>[]>();
  const segmentsOf = (path: string) => path.split('/').length;
  for (const route of [...routes].sort(bySpecificity)) {
    if (!route.path.includes('{')) literal.set(route.path, route);
    else {
      const list = bySegments.get(segmentsOf(route.path)) ?? [];
      list.push(route);
      bySegments.set(segmentsOf(route.path), list);
    }
  }
  return (raw) => {
    const path = raw.length > 1 && raw.endsWith('/') ? raw.slice(0, -1) : raw;
    return literal.get(path) ?? bySegments.get(segmentsOf(path))?.find((r) => r.pattern.test(path));
  };
}
