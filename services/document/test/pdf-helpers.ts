/**
 * Checks on real PDF bytes. Structure (header, page count, MediaBox) is read from the file itself;
 * text and pixels need poppler-utils (pdftotext / pdftoppm) and those tests are skipped, with a
 * message, where it is not installed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const hasPoppler = (() => {
  const r = spawnSync('pdftotext', ['-v']);
  const ok = !r.error && spawnSync('pdftoppm', ['-v']).error === undefined;
  if (!ok) console.warn('poppler-utils (pdftotext/pdftoppm) not installed: PDF text and pixel checks are skipped');
  return ok;
})();

export function isPdf(buf: Buffer): boolean {
  return buf.subarray(0, 5).toString('latin1') === '%PDF-' && buf.subarray(-1024).toString('latin1').includes('%%EOF');
}

/** Page objects in the file (Chromium writes them uncompressed). */
export function pageCount(buf: Buffer): number {
  return (buf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;
}

/** [width, height] in points of every /MediaBox, rounded. */
export function mediaBoxes(buf: Buffer): [number, number][] {
  return [...buf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]/g)].map((m) => [
    Math.round(Number(m[3]) - Number(m[1])),
    Math.round(Number(m[4]) - Number(m[2])),
  ]);
}

function withFile<T>(buf: Buffer, fn: (file: string) => T): T {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pdf-test-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, buf);
    return fn(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The PDF's lines as pdftotext -layout sees them, runs of whitespace collapsed. */
export function pdfLines(buf: Buffer): string[] {
  return withFile(buf, (file) => {
    const r = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`pdftotext failed: ${r.stderr}`);
    return r.stdout
      .split('\n')
      .map((l) => l.replace(/\s+/g, ' ').trim())
      .filter(Boolean);
  });
}

export interface Word {
  text: string;
  x: number;
  y: number;
  xMax: number;
  yMax: number;
}

const unescape = (t: string) =>
  t
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** Every word of page 1 with its box in points (pdftotext -bbox), in content order. */
export function pdfWords(buf: Buffer): Word[] {
  return withFile(buf, (file) => {
    const r = spawnSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`pdftotext failed: ${r.stderr}`);
    return [...r.stdout.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
      x: Number(m[1]),
      y: Number(m[2]),
      xMax: Number(m[3]),
      yMax: Number(m[4]),
      text: unescape(m[5] ?? ''),
    }));
  });
}

/** Start of every occurrence of the word sequence `phrase` ("Anna M.") on one line. */
export function findPhrase(words: Word[], phrase: string): Word[] {
  const parts = phrase.split(' ');
  const hits: Word[] = [];
  for (let i = 0; i + parts.length <= words.length; i++) {
    const first = words[i]!;
    if (parts.every((p, k) => words[i + k]?.text === p && Math.abs(words[i + k]!.y - first.y) < 2)) hits.push(first);
  }
  return hits;
}

export interface Raster {
  width: number;
  height: number;
  /** RGB, 3 bytes per pixel. */
  data: Buffer;
}

/** First page rasterised by pdftoppm (binary PPM on stdout). */
export function rasterise(buf: Buffer, dpi = 40): Raster {
  return withFile(buf, (file) => {
    const r = spawnSync('pdftoppm', ['-r', String(dpi), '-f', '1', '-l', '1', file], { maxBuffer: 64 * 1024 * 1024 });
    if (r.status !== 0) throw new Error(`pdftoppm failed: ${r.stderr.toString()}`);
    const out = r.stdout;
    const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(out.subarray(0, 64).toString('latin1'));
    if (!header) throw new Error('unexpected pdftoppm output');
    const width = Number(header[1]);
    const height = Number(header[2]);
    return { width, height, data: out.subarray(header[0].length, header[0].length + width * height * 3) };
  });
}

/** Share of pixels that are not (near) white, and of clearly coloured ones (the lesson blocks). */
export function inkStats(r: Raster): { ink: number; colour: number } {
  let ink = 0;
  let colour = 0;
  const n = r.width * r.height;
  for (let i = 0; i < n; i++) {
    const R = r.data[i * 3] ?? 255;
    const G = r.data[i * 3 + 1] ?? 255;
    const B = r.data[i * 3 + 2] ?? 255;
    if (R < 235 || G < 235 || B < 235) ink++;
    if (Math.max(R, G, B) - Math.min(R, G, B) > 25) colour++;
  }
  return { ink: ink / n, colour: colour / n };
}
