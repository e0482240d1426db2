import { Agent, request } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The answer parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
  /** Set when sending the body failed after the answer had arrived (the server reset the upload). */
  uploadError?: string;
}

export interface RawRequest {
  method: string;
  /** Sent exactly as written: fetch would normalise `//`, `.`, `..` and percent-encodings. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The body goes out in chunks of this size, like a browser upload (default 64 KiB). */
  chunkSize?: number;
  /** A keep-alive agent like a browser's (default: a fresh one per call). */
  agent?: Agent;
}

/**
 * One HTTP request over a raw socket. Resolves once the whole answer has arrived; rejects when the
 * connection fails before that (a reset while the body is still being sent is such a failure).
 */
export function rawRequest(base: string, r: RawRequest): Promise<RawAnswer> {
  const url = new URL(base);
  const agent = r.agent ?? new Agent({ keepAlive: true });
  const body = r.body === undefined ? undefined : Buffer.isBuffer(r.body) ? r.body : Buffer.from(r.body);
  const headers = { ...(r.headers ?? {}), ...(body ? { 'Content-Length': String(body.length) } : {}) };
  return new Promise<RawAnswer>((resolve, reject) => {
    let done = false;
    let answer: RawAnswer | undefined;
    let sent = false;
    let uploadError: string | undefined;
    const settle = () => {
      if (!answer || !sent) return;
      if (!r.agent) agent.destroy();
      resolve(uploadError ? { ...answer, uploadError } : answer);
    };
    const req = request({ host: url.hostname, port: url.port, method: r.method, path: r.path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', (e) => !done && reject(e));
      res.on('end', () => {
        done = true;
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        answer = { status: res.statusCode ?? 0, headers: res.headers, text, json };
        // A server that answered but stopped reading the body would leave the upload hanging.
        setTimeout(() => {
          if (sent) return;
          uploadError = 'upload stalled';
          sent = true;
          req.destroy();
          settle();
        }, 15000).unref();
        settle();
      });
    });
    req.on('error', (e) => {
      if (!done) return reject(e);
      uploadError = (e as NodeJS.ErrnoException).code ?? e.message;
      sent = true;
      settle();
    });
    req.on('finish', () => {
      sent = true;
      settle();
    });
    if (!body) {
      req.end();
      return;
    }
    // Every chunk is queued at once: after an early answer Node's client stops forwarding 'drain'
    // to the request, while a browser keeps sending; the socket flushes the queue at its own pace.
    const size = r.chunkSize ?? 64 * 1024;
    for (let offset = 0; offset < body.length; offset += size) req.write(body.subarray(offset, offset + size));
    req.end();
  });
}

/**
 * Spellings of an API path an attacker tries against a rate limit. `same` marks those that name
 * the same resource (the gateway must count them); the others must be refused (400) or unknown
 * paths (404). Dot segments, raw or escaped, are refused: the gateway never resolves them into
 * another route. A raw `#` is sent as is (a script does; a browser never sends a fragment): a
 * service's router would cut it off (and read a backslash before it as a slash).
 */
export function pathSpellings(p: string): { path: string; same: boolean }[] {
  const segs = p.split('/');
  const last = segs.at(-1)!;
  const parent = segs.slice(0, -1).join('/');
  const hex = last.charCodeAt(0).toString(16);
  return [
    { path: p.toUpperCase(), same: false },
    { path: `${parent}/${last[0]!.toUpperCase()}${last.slice(1)}`, same: false },
    { path: p.replace('/api/', '/Api/'), same: false },
    { path: `${parent}%2F${last}`, same: false },
    { path: `${parent}%2f${last}`, same: false },
    { path: `${p}%2F`, same: false },
    { path: `${p}%00`, same: false },
    { path: `/${p.split('/').join('//')}`, same: true },
    { path: `${p}/`, same: true },
    { path: `${p}//`, same: true },
    { path: `${parent}/%${hex}${last.slice(1)}`, same: true },
    { path: `${parent}/%${hex.toUpperCase()}${last.slice(1)}`, same: true },
    { path: `${parent}/./${last}`, same: false },
    { path: `${parent}/x/../${last}`, same: false },
    { path: `${parent}/x/%2E%2E/${last}`, same: false },
    { path: `${parent}/x/%2e./${last}`, same: false },
    { path: `${p}/.`, same: false },
    { path: `${p}/%2e`, same: false },
    { path: `${p}?x=1`, same: true },
    { path: `${p}#`, same: false },
    { path: `${p}#x`, same: false },
    { path: `${p}#/../x`, same: false },
    { path: `${p}?x=1#y`, same: false },
    { path: `${p}#?x=1`, same: false },
    { path: `${parent}\\${last}#`, same: false },
    { path: `${p}%23x`, same: false },
  ];
}
