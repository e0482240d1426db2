import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { firstUpstream, splitUpstreams, UpstreamPool, upstreamListSchema } from './upstreams.js';

const req = () => ({}) as IncomingMessage;

describe('upstreams (replicas behind one <NAME>_SERVICE_URL)', () => {
  it('reads one URL or a comma-separated list and refuses anything else', () => {
    expect(splitUpstreams(' http://a:1 , http://b:2,')).toEqual(['http://a:1', 'http://b:2']);
    expect(firstUpstream('http://a:1,http://b:2')).toBe('http://a:1');
    const schema = upstreamListSchema('http://127.0.0.1:8081');
    expect(schema.parse(undefined)).toBe('http://127.0.0.1:8081');
    expect(schema.safeParse('http://a:1,http://b:2').success).toBe(true);
    expect(schema.safeParse('http://a:1,nope').success).toBe(false);
    expect(schema.safeParse('').success).toBe(false);
  });

  it('spreads requests round robin and leaves out a replica that refused a connection while another is there', () => {
    const pool = new UpstreamPool('http://a:1,http://b:2');
    expect([1, 2, 3, 4].map(() => pool.pick(req()))).toEqual(['http://a:1', 'http://b:2', 'http://a:1', 'http://b:2']);
    const r = req();
    expect(pool.pick(r)).toBe('http://a:1');
    pool.failed(r, 'ECONNREFUSED');
    expect([1, 2, 3].map(() => pool.pick(req()))).toEqual(['http://b:2', 'http://b:2', 'http://b:2']);
  });

  it('never leaves out the only replica', () => {
    const pool = new UpstreamPool('http://a:1');
    const r = req();
    pool.pick(r);
    pool.failed(r, 'ECONNREFUSED');
    expect(pool.pick(req())).toBe('http://a:1');
  });
});
