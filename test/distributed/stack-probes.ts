import { Kafka, logLevel } from 'kafkajs';
import { expect } from 'vitest';
import type { Mail } from '../stack/helpers.js';
import { kafkaInfo } from './helpers.js';

const kafka = kafkaInfo();

/** What scripts/distributed/supervisor.js (plain JS) answers. */
export interface Stack {
  url: string;
  databaseUrl: string;
  procs: Map<string, { pid: number }>;
  kill(name: string, replica: number): Promise<void>;
  restart(name: string, replica: number): Promise<unknown>;
  stop(): Promise<void>;
}

export const mailsAt = async (base: string): Promise<Mail[]> => (await (await fetch(`${base}/dev/mail.json`)).json()) as Mail[];

export async function topicMessageCount(topic: string): Promise<number> {
  const admin = new Kafka({ clientId: 'test-admin', brokers: kafka.brokers!.split(','), logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const offsets = await admin.fetchTopicOffsets(topic);
    return offsets.reduce((n, p) => n + Number(p.high) - Number(p.low), 0);
  } finally {
    await admin.disconnect();
  }
}

export async function solvesOn(port: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return [...text.matchAll(/^solver_solves_total\{[^}]*\} (\d+)/gm)].reduce((n, m) => n + Number(m[1]), 0);
}

/** Opens GET /api/progress like the browser's EventSource and collects the events. */
export async function openProgress(base: string, cookie: string) {
  const events: { run_id: string; stage: string; result?: string }[] = [];
  const ctl = new AbortController();
  const res = await fetch(`${base}/api/progress`, { headers: { Cookie: cookie, Accept: 'text/event-stream' }, signal: ctl.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += Buffer.from(value).toString('utf8');
        let i;
        while ((i = buffer.indexOf('\n\n')) >= 0) {
          const chunk = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          const data = chunk.split('\n').find((l) => l.startsWith('data: '));
          if (data) events.push(JSON.parse(data.slice(6)));
        }
      }
    } catch {
      /* aborted */
    }
  })();
  return { events, close: () => ctl.abort() };
}
