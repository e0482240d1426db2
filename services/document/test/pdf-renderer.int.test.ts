/** PdfRenderer with the real Chromium: lazy launch, concurrency limit, crash recovery, shutdown. */
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '@stundenplan/base';
import { startTestIssuer, TEST_SERVICE_TOKEN_KEY } from '@stundenplan/base/testing';
import { start } from '../src/main.js';
import { PdfBusyError, PdfRenderer, PdfRenderError, PdfUnavailableError, resolveChromePath } from '../src/pdf/pdf-renderer.js';
import { pdfExportDeps } from '../src/pdf/pdf-service.js';
import { isPdf, pageCount } from './pdf-helpers.js';

const log = createLogger('pdf-test');
const HTML = '<!DOCTYPE html><html><head><style>@page { size: A4 landscape; margin: 10mm }</style></head><body><h1>Probe</h1></body></html>';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor(cond: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

const renderers: PdfRenderer[] = [];
const make = (opts: Partial<ConstructorParameters<typeof PdfRenderer>[0]> = {}) => {
  const r = new PdfRenderer({ log, ...opts });
  renderers.push(r);
  return r;
};

afterEach(async () => {
  await Promise.all(renderers.splice(0).map((r) => r.close()));
});

describe('resolveChromePath', () => {
  it('takes the configured path only, else the first existing candidate', () => {
    expect(resolveChromePath('/nonexistent/chrome')).toBeUndefined();
    expect(resolveChromePath(undefined, ['/nonexistent/a', '/bin/sh'])).toBe('/bin/sh');
    expect(resolveChromePath(undefined, ['/nonexistent/a', '/etc'])).toBeUndefined(); // a directory is not a browser
  });
});

describe('PdfRenderer', () => {
  it('launches Chromium only on the first render and keeps it warm', async () => {
    const r = make();
    expect(r.launchCount).toBe(0);
    expect(await r.browserPid()).toBeUndefined();
    const first = await r.render(HTML);
    const second = await r.render(HTML);
    expect(isPdf(first) && isPdf(second)).toBe(true);
    expect(pageCount(first)).toBe(1);
    expect(r.launchCount).toBe(1);
  });

  it('renders at most maxConcurrent pages at once and queues the rest', async () => {
    const r = make({ maxConcurrent: 2 });
    const jobs = Array.from({ length: 5 }, () => r.render(HTML));
    expect(r.inFlight).toBe(2);
    expect(r.queued).toBe(3);
    const pdfs = await Promise.all(jobs);
    expect(pdfs.every(isPdf)).toBe(true);
    expect(r.inFlight).toBe(0);
    expect(r.queued).toBe(0);
  });

  it('keeps at most maxConcurrent warm pages, and a reused page shows only the new document', async () => {
    const r = make({ maxConcurrent: 2 });
    const threePages = `<!DOCTYPE html><html><head><style>@page { size: A4 landscape; margin: 10mm } div + div { break-before: page }</style></head><body><div>1</div><div>2</div><div>3</div></body></html>`;
    const first = await Promise.all(Array.from({ length: 4 }, () => r.render(threePages)));
    expect(first.map(pageCount)).toEqual([3, 3, 3, 3]);
    expect(r.warmPages).toBe(2);
    const again = await r.render(HTML);
    expect(pageCount(again)).toBe(1);
    expect(r.warmPages).toBe(2);
    expect(r.launchCount).toBe(1);
  });

  it('fails fast when the queue is full', async () => {
    const r = make({ maxConcurrent: 1, maxQueued: 1 });
    const a = r.render(HTML);
    const b = r.render(HTML);
    await expect(r.render(HTML)).rejects.toBeInstanceOf(PdfBusyError);
    expect((await Promise.all([a, b])).every(isPdf)).toBe(true);
  });

  it('launches a new browser after the old one died', async () => {
    const r = make();
    await r.render(HTML);
    const pid = (await r.browserPid())!;
    process.kill(pid, 'SIGKILL');
    await waitFor(() => !alive(pid));
    expect(isPdf(await r.render(HTML))).toBe(true);
    expect(r.launchCount).toBe(2);
    expect(await r.browserPid()).not.toBe(pid);
  });

  it('reports a missing Chromium without launching anything', async () => {
    const r = make({ chromePath: '/nonexistent/chromium' });
    expect(r.isAvailable()).toBe(false);
    await expect(r.render(HTML)).rejects.toBeInstanceOf(PdfUnavailableError);
    expect(r.launchCount).toBe(0);
  });

  it('turns a browser that cannot start into a PdfRenderError and tries again next time', async () => {
    const r = make({ chromePath: '/bin/false', launchTimeoutMs: 5000 });
    await expect(r.render(HTML)).rejects.toBeInstanceOf(PdfRenderError);
    await expect(r.render(HTML)).rejects.toBeInstanceOf(PdfRenderError);
  });

  it('closes the browser on close() and refuses later renders', async () => {
    const r = make();
    await r.render(HTML);
    const pid = (await r.browserPid())!;
    await r.close();
    await waitFor(() => !alive(pid));
    await expect(r.render(HTML)).rejects.toBeInstanceOf(PdfRenderError);
  });
});

describe('document service lifecycle', () => {
  it('closes its browser when the service stops', async () => {
    const issuer = await startTestIssuer();
    const svc = await start({ PORT: '0', GRPC_PORT: '0', SERVICE_TOKEN_KEY: TEST_SERVICE_TOKEN_KEY, AUTH_JWKS_URL: issuer.jwksUrl, LOG_LEVEL: 'silent' });
    try {
      const { renderer } = pdfExportDeps(svc.ctx);
      await renderer.render(HTML);
      const pid = (await renderer.browserPid())!;
      expect(alive(pid)).toBe(true);
      await svc.stop();
      await waitFor(() => !alive(pid));
    } finally {
      await svc.stop();
      await issuer.close();
    }
  });
});
