/**
 * HTML -> PDF with one warm headless Chromium (puppeteer-core).
 *
 * - The browser is launched lazily on the first render and kept, and so are its pages: a page that
 *   rendered without error goes back to a warm pool (at most `maxConcurrent`) and the next render
 *   only replaces its content; a page that failed is closed.
 * - At most `maxConcurrent` pages render at once; further requests wait in a FIFO queue
 *   (bounded: beyond `maxQueued` they fail fast with PdfBusyError).
 * - When the browser disconnects (crash, killed) the next render launches a new one; a render
 *   that failed because the browser died under it is retried once on a fresh browser.
 * - No Chromium binary: PdfUnavailableError (the service keeps running; checked per render, so
 *   installing Chromium later needs no restart).
 * - Pages run without JavaScript and every request other than data: is aborted, so the
 *   document can load nothing from the network.
 */
import { accessSync, constants as fsConstants, statSync } from 'node:fs';
import type { Logger } from '@stundenplan/base';
import type { Browser, Page } from 'puppeteer-core';

const CHROME_CANDIDATES: readonly string[] = Object.freeze(['/usr/bin/chromium', '/usr/bin/chromium-browser']);

const CHROME_ARGS: readonly string[] = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-dev-shm-usage',
  '--headless=new',
]);

const PDF_UNAVAILABLE_DETAIL = 'PDF-Export nicht verfügbar: Chromium ist nicht installiert.';
const PDF_BUSY_DETAIL = 'Der PDF-Export ist gerade ausgelastet. Bitte versuche es gleich erneut.';

/** No Chromium binary at the configured or default paths. */
export class PdfUnavailableError extends Error {
  constructor(message = PDF_UNAVAILABLE_DETAIL) {
    super(message);
    this.name = 'PdfUnavailableError';
  }
}

/** Too many renders waiting. */
export class PdfBusyError extends Error {
  constructor() {
    super(PDF_BUSY_DETAIL);
    this.name = 'PdfBusyError';
  }
}

/** Launch or render failed (details in `cause`, for the logs only). */
export class PdfRenderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PdfRenderError';
  }
}

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, fsConstants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The configured path if it is an executable file; without configuration the first existing candidate. */
export function resolveChromePath(configured: string | undefined, candidates: readonly string[] = CHROME_CANDIDATES): string | undefined {
  const list = configured ? [configured] : candidates;
  return list.find(isExecutableFile);
}

export interface PdfRendererOptions {
  log: Logger;
  /** CHROME_PATH; when unset the CHROME_CANDIDATES are tried. */
  chromePath?: string;
  candidates?: readonly string[];
  maxConcurrent?: number;
  maxQueued?: number;
  /** Upper bound for one render (page setup, layout, print). */
  renderTimeoutMs?: number;
  launchTimeoutMs?: number;
}

export class PdfRenderer {
  private readonly log: Logger;
  private readonly maxConcurrent: number;
  private readonly maxQueued: number;
  private readonly renderTimeoutMs: number;
  private readonly launchTimeoutMs: number;
  private browser: Promise<Browser> | undefined;
  private active = 0;
  private readonly queue: { resolve: () => void; reject: (err: Error) => void }[] = [];
  private closed = false;
  private launches = 0;
  /** Warm pages, ready for setContent (JavaScript off, network blocked). */
  private readonly idlePages: Page[] = [];

  constructor(private readonly opts: PdfRendererOptions) {
    this.log = opts.log;
    this.maxConcurrent = Math.max(1, opts.maxConcurrent ?? 2);
    this.maxQueued = opts.maxQueued ?? 100;
    this.renderTimeoutMs = opts.renderTimeoutMs ?? 30_000;
    this.launchTimeoutMs = opts.launchTimeoutMs ?? 30_000;
  }

  /** The Chromium that would be launched, or undefined when none is installed. */
  chromePath(): string | undefined {
    return resolveChromePath(this.opts.chromePath, this.opts.candidates);
  }

  isAvailable(): boolean {
    return this.chromePath() !== undefined;
  }

  /** How many browsers were launched so far (observability and tests). */
  get launchCount(): number {
    return this.launches;
  }

  /** Renders running now (at most maxConcurrent). */
  get inFlight(): number {
    return this.active;
  }

  /** Renders waiting for a free slot. */
  get queued(): number {
    return this.queue.length;
  }

  /** Warm pages waiting for the next render (at most maxConcurrent). */
  get warmPages(): number {
    return this.idlePages.length;
  }

  /** PID of the running browser process, if one is running. */
  async browserPid(): Promise<number | undefined> {
    const b = await this.browser?.catch(() => undefined);
    return b?.connected ? b.process()?.pid : undefined;
  }

  /** Renders `html` as a PDF (page size from the document's @page rule). */
  async render(html: string): Promise<Buffer> {
    if (this.closed) throw new PdfRenderError('renderer is closed');
    if (!this.isAvailable()) throw new PdfUnavailableError();
    await this.acquire();
    try {
      if (this.closed) throw new PdfRenderError('renderer is closed');
      const browser = await this.getBrowser();
      try {
        return await this.renderOn(browser, html);
      } catch (err) {
        if (browser.connected || this.closed) throw err;
        this.log.warn({ err: (err as Error).message }, 'chromium went away during a render; retrying on a new browser');
        return await this.renderOn(await this.getBrowser(), html);
      }
    } finally {
      this.release();
    }
  }

  /** Closes the browser; later renders fail. Safe to call twice. */
  async close(): Promise<void> {
    this.closed = true;
    const pending = this.browser;
    this.browser = undefined;
    for (const waiter of this.queue.splice(0)) waiter.reject(new PdfRenderError('renderer is closed'));
    this.idlePages.length = 0;
    const b = await pending?.catch(() => undefined);
    if (b) await b.close().catch((err: unknown) => this.log.warn({ err: (err as Error).message }, 'closing chromium failed'));
  }

  private acquire(): Promise<void> {
    if (this.active < this.maxConcurrent) {
      this.active++;
      return Promise.resolve();
    }
    if (this.queue.length >= this.maxQueued) return Promise.reject(new PdfBusyError());
    // The slot is handed over by release() without decrementing `active`.
    return new Promise((resolve, reject) => this.queue.push({ resolve, reject }));
  }

  private release(): void {
    const next = this.queue.shift();
    if (next) next.resolve();
    else this.active--;
  }

  private async getBrowser(): Promise<Browser> {
    const current = this.browser;
    if (current) {
      const b = await current.catch(() => undefined);
      if (b?.connected) return b;
      // Died (the 'disconnected' event may not have arrived yet) or failed to launch: start over.
      if (this.browser === current) this.browser = undefined;
      if (this.browser) return this.getBrowser();
    }
    const launching = this.launch();
    this.browser = launching;
    launching.then(
      (b) => {
        b.once('disconnected', () => {
          if (this.browser === launching) this.browser = undefined;
          if (!this.closed) this.log.warn('chromium disconnected; the next render launches a new one');
        });
        // close() may have run while launching.
        if (this.closed) void b.close().catch(() => undefined);
      },
      () => {
        if (this.browser === launching) this.browser = undefined;
      },
    );
    return launching;
  }

  private async launch(): Promise<Browser> {
    const executablePath = this.chromePath();
    if (!executablePath) throw new PdfUnavailableError();
    const started = Date.now();
    try {
      // Loaded with the first launch: the service starts without puppeteer's modules (docs/adr/0014).
      const { default: puppeteer } = await import('puppeteer-core');
      const browser = await puppeteer.launch({
        executablePath,
        headless: true,
        args: [...CHROME_ARGS],
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
        timeout: this.launchTimeoutMs,
        protocolTimeout: this.renderTimeoutMs + 5_000,
      });
      this.launches++;
      this.log.info({ executablePath, ms: Date.now() - started, version: await browser.version() }, 'chromium launched');
      return browser;
    } catch (err) {
      throw new PdfRenderError('chromium launch failed', { cause: err });
    }
  }

  /** A warm page of `browser` from the pool, or a new one set up to load nothing from the network. */
  private async takePage(browser: Browser): Promise<Page> {
    for (let page = this.idlePages.pop(); page; page = this.idlePages.pop()) {
      if (!page.isClosed() && page.browser() === browser) return page;
    }
    const page = await browser.newPage();
    try {
      await page.setJavaScriptEnabled(false);
      await page.setRequestInterception(true);
      page.on('request', (request) => {
        const url = request.url();
        if (url.startsWith('data:') || url === 'about:blank') void request.continue();
        else void request.abort('blockedbyclient');
      });
    } catch (err) {
      await page.close().catch(() => undefined);
      throw err;
    }
    return page;
  }

  private async renderOn(browser: Browser, html: string): Promise<Buffer> {
    const page = await this.takePage(browser);
    let timer: NodeJS.Timeout | undefined;
    let ok = false;
    try {
      const work = (async () => {
        await page.setContent(html, { waitUntil: 'load', timeout: this.renderTimeoutMs });
        const pdf = await page.pdf({ printBackground: true, preferCSSPageSize: true, format: 'A4', landscape: true, timeout: this.renderTimeoutMs });
        return Buffer.from(pdf);
      })();
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new PdfRenderError(`render timed out after ${this.renderTimeoutMs} ms`)), this.renderTimeoutMs);
      });
      work.catch(() => undefined); // a late failure after the timeout must not be unhandled
      const pdf = await Promise.race([work, timeout]);
      ok = true;
      return pdf;
    } finally {
      if (timer) clearTimeout(timer);
      if (ok && !this.closed && browser.connected && this.idlePages.length < this.maxConcurrent) this.idlePages.push(page);
      else await page.close().catch(() => undefined);
    }
  }
}
