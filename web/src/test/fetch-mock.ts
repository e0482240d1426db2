// A fake `fetch` for tests: the network is the boundary of the SPA.
import { vi, type Mock } from 'vitest';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** Parsed JSON body, the FormData itself, or undefined. */
  body: unknown;
  init: RequestInit;
}

export interface MockReply {
  status?: number;
  body?: unknown;
  /** Never answer (until the request is aborted). */
  hang?: boolean;
}

export interface MockRoute {
  method?: string;
  /** Exact path (query string ignored unless it is part of the string) or a pattern. */
  path: string | RegExp;
  reply: MockReply | ((call: RecordedCall) => MockReply);
}

export interface FetchMock {
  fn: Mock;
  calls: RecordedCall[];
  callsTo(path: string, method?: string): RecordedCall[];
}

function toHeaders(init: RequestInit): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init.headers).forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

function matches(route: MockRoute, call: RecordedCall): boolean {
  if (route.method && route.method.toUpperCase() !== call.method) return false;
  if (route.path instanceof RegExp) return route.path.test(call.url);
  return call.url === route.path || call.url.split('?')[0] === route.path;
}

export function installFetchMock(routes: MockRoute[] = []): FetchMock {
  const calls: RecordedCall[] = [];
  const fn = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    let body: unknown = init.body;
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const call: RecordedCall = { url, method: (init.method ?? 'GET').toUpperCase(), headers: toHeaders(init), body, init };
    calls.push(call);
    const route = routes.find((r) => matches(r, call));
    const reply = route
      ? typeof route.reply === 'function'
        ? route.reply(call)
        : route.reply
      : { status: 404, body: { detail: `unmocked ${call.method} ${url}` } };

    return new Promise<Response>((resolve, reject) => {
      const signal = init.signal;
      const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
      if (signal?.aborted) return abort();
      signal?.addEventListener('abort', abort, { once: true });
      if (reply.hang) return;
      const text = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      resolve(new Response(text === '' ? null : text, { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json' } }));
    });
  });
  vi.stubGlobal('fetch', fn);
  return {
    fn,
    calls,
    callsTo: (path, method) => calls.filter((c) => c.url.split('?')[0] === path && (!method || c.method === method.toUpperCase())),
  };
}
