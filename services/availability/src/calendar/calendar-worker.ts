// Reads a calendar file off the service's main thread (docs/adr/0020-calendar-import-worker.md): each import runs
// in a worker thread of its own with a time budget and a memory limit, so that no file can hold up the requests of
// anybody else, and the thread with all it allocated is gone afterwards. A few run at once; a few more wait.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CalendarImportsBusyError, CalendarTooComplexError, NotACalendarError } from './calendar-errors.js';
import type { ImportSpan, TypicalWeek } from './typical-week.js';

/** The time one file may take in its worker, from handing it over to the answer. */
const CALENDAR_BUDGET_MS = 2_000;
/** The time a worker may take to load (the same for every file; only a sick machine needs more). */
const STARTUP_MS = 10_000;
/** Heap of one worker: a 2 MB file's parse tree and its expansion fit many times over. */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 };
/** Imports read at once: one core stays for the requests of everybody else. */
const RUNNING = Math.max(1, Math.min(4, availableParallelism() - 1));
/** Imports waiting for a worker; beyond that the service answers 429. */
const WAITING = 4 * RUNNING;

export interface WorkerJob {
  text: string;
  from: string;
  to: string;
  skip: string[];
}

export type WorkerAnswer = { ok: true; week: TypicalWeek } | { ok: false; reason: 'tooComplex' | 'notCalendar' | 'unreadable'; error?: string };

/** A file the parser could not read for a reason of its own (its error's name, for the log). */
export class UnreadableCalendarError extends NotACalendarError {}

/** The worker script beside this module, or in the build output when the service runs from src/ (tests). */
function workerScript(): URL {
  const sibling = new URL('./import-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(sibling))) return sibling;
  const built = new URL('../../dist/calendar/import-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return built;
  throw new Error('calendar import worker not found; build the availability service first');
}

let running = 0;
const waiting: (() => void)[] = [];

/** Waits for a free worker place; throws CalendarImportsBusyError when too many wait already. */
function place(): Promise<void> {
  if (running < RUNNING) {
    running++;
    return Promise.resolve();
  }
  if (waiting.length >= WAITING) return Promise.reject(new CalendarImportsBusyError('busy'));
  return new Promise((resolve) => waiting.push(resolve));
}

function leave(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

/**
 * One worker for one file: its answer, or CalendarTooComplexError once the budget or the memory limit is used up.
 * The budget counts from the moment the loaded worker gets the file: loading the thread and ical.js costs the same
 * for every file and is bounded by STARTUP_MS on its own.
 */
function readInWorker(job: WorkerJob, budgetMs: number): { answer: Promise<TypicalWeek>; ended: Promise<void> } {
  const worker = new Worker(workerScript(), { resourceLimits: WORKER_LIMITS });
  worker.unref();
  const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const answer = new Promise<TypicalWeek>((resolve, reject) => {
    let timer = setTimeout(() => fail(new Error('calendar import worker did not start')), STARTUP_MS);
    const fail = (e: Error) => {
      clearTimeout(timer);
      reject(e);
      void worker.terminate();
    };
    worker.on('message', (a: WorkerAnswer | 'ready') => {
      clearTimeout(timer);
      if (a === 'ready') {
        timer = setTimeout(() => fail(new CalendarTooComplexError('budget')), budgetMs);
        worker.postMessage(job);
      } else if (a.ok) resolve(a.week);
      else if (a.reason === 'tooComplex') reject(new CalendarTooComplexError(a.reason));
      else if (a.reason === 'notCalendar') reject(new NotACalendarError(a.reason));
      else reject(new UnreadableCalendarError(a.error ?? 'unknown'));
    });
    worker.once('error', (e: Error & { code?: string }) => fail(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new CalendarTooComplexError('memory') : e));
    worker.once('exit', () => fail(new Error('calendar import worker ended without an answer')));
  });
  return { answer, ended };
}

/**
 * The typical week of a calendar text, read in a worker thread. Throws NotACalendarError (UnreadableCalendarError
 * for the parser's own errors), CalendarTooComplexError and CalendarImportsBusyError.
 */
export async function readCalendar(text: string, span: ImportSpan, budgetMs: number = CALENDAR_BUDGET_MS): Promise<TypicalWeek> {
  await place();
  let ended: Promise<void> = Promise.resolve();
  try {
    const run = readInWorker({ text, from: span.from, to: span.to, skip: [...(span.skip ?? [])] }, budgetMs);
    ended = run.ended;
    return await run.answer;
  } finally {
    // The place is free once the thread has really stopped (a terminated one may need a moment).
    void ended.then(leave, leave);
  }
}
