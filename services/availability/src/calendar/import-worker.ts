// The worker thread of one calendar import (calendar-worker.ts): once loaded it says 'ready', reads the one file it
// is sent into the busy times of a typical week and posts the answer back. It holds nothing after that: the thread ends.
import { parentPort } from 'node:worker_threads';
import { CalendarTooComplexError, NotACalendarError } from './calendar-errors.js';
import type { WorkerAnswer, WorkerJob } from './calendar-worker.js';
import { typicalWeek } from './typical-week.js';

function read(job: WorkerJob): WorkerAnswer {
  try {
    return { ok: true, week: typicalWeek(job.text, { from: job.from, to: job.to, skip: new Set(job.skip) }) };
  } catch (e) {
    if (e instanceof CalendarTooComplexError) return { ok: false, reason: 'tooComplex' };
    if (e instanceof NotACalendarError) return { ok: false, reason: 'notCalendar' };
    // Whatever else the parser stumbles over is a file that is not a usable calendar (named, never its content).
    return { ok: false, reason: 'unreadable', error: (e as Error)?.name ?? 'unknown' };
  }
}

// Loaded (with ical.js): say so, then read the one job the thread gets.
parentPort?.once('message', (job: WorkerJob) => parentPort?.postMessage(read(job)));
parentPort?.postMessage('ready');
