import { assertTeacher, type KeyValueStore, type Logger } from '@stundenplan/base';
import type { Express } from 'express';
import { progressChannel, progressLastKey } from '../domain/progress.js';

/**
 * GET /api/progress: Server-Sent Events with the calling teacher's calculation stages.
 * Each event is a default ("message") event whose data is one ProgressEvent as JSON. The
 * stream subscribes to the teacher's store channel, so a calculation running on any replica
 * reaches it (Redis pub/sub when distributed, in-process when embedded).
 */
export function registerProgressRoutes(app: Express, store: KeyValueStore, log: Logger, heartbeatMs: number): void {
  app.get('/api/progress', async (req, res) => {
    const user = assertTeacher(req);
    let closed = false;
    let unsubscribe: (() => Promise<void>) | undefined;
    const write = (chunk: string) => {
      if (!closed && !res.writableEnded) res.write(chunk);
    };
    const send = (message: string) => write(`data: ${message.replace(/\n/g, ' ')}\n\n`);
    const drop = (u: () => Promise<void>) => u().catch((e: unknown) => log.debug({ err: (e as Error).message }, 'progress unsubscribe failed'));
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    req.socket.setNoDelay(true);
    const heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs);
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      if (unsubscribe) void drop(unsubscribe);
    };
    req.on('close', close);
    res.on('close', close);
    try {
      const u = await store.subscribe(progressChannel(user.userId), send);
      if (closed) {
        void drop(u);
        return;
      }
      unsubscribe = u;
    } catch (e) {
      log.warn({ err: (e as Error).message }, 'progress subscribe failed');
      close();
      res.end();
      return;
    }
    write('retry: 3000\n: verbunden\n\n');
    const last = await store.get(progressLastKey(user.userId)).catch(() => null);
    if (last) send(last);
  });
}
