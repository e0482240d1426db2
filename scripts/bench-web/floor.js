// The floor of `npm run bench:web`: a static HTML page per measured page, with the same text and nothing
// else (no script, no stylesheet), served by a bare Node HTTP server, gzip-compressed like the product's assets.
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';

const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One page: the title as h1, then every line of the text as a paragraph. */
export function floorHtml(title, text) {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return [
    '<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escape(title)}</title></head><body>`,
    ...lines.map((l, k) => (k === 0 ? `<h1>${escape(l)}</h1>` : `<p>${escape(l)}</p>`)),
    '</body></html>',
  ].join('\n');
}

/** Serves `pages` (path -> html) on `port`; resolves to the server. */
export function startFloor(port, pages) {
  const server = createServer((req, res) => {
    const html = pages.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (!html) {
      res.writeHead(404).end();
      return;
    }
    const gz = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      ...(gz ? { 'Content-Encoding': 'gzip' } : {}),
    });
    res.end(gz ? gzipSync(html) : html);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
