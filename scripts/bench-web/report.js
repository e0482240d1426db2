// The results table of `npm run bench:web` and its place in docs/benchmarks.md.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { machine } from '../bench-api/report.js';

/**
 * The LCP element as Lighthouse's largest-contentful-paint-element audit names it (a list whose first table holds
 * the node). With a Chromium newer than this Lighthouse its trace elements fail ("frame_sequence"), and the audit
 * has no details: then the element the browser itself reported as largest when the bench opened the page
 * (`lcpSeen`, pageTexts), marked as such, and Lighthouse's reason.
 */
export function lcpElement(audit, lcpSeen) {
  for (const table of audit?.details?.items ?? []) {
    const node = table?.items?.find((item) => item?.node?.type === 'node')?.node;
    if (node) return `${node.nodeLabel ? `"${node.nodeLabel}" ` : ''}${node.snippet ?? node.selector}`;
  }
  const why = audit?.errorMessage ? `Lighthouse: ${audit.errorMessage.slice(0, 120)}` : 'Lighthouse names none';
  return lcpSeen ? `${lcpSeen} (seen in the browser; ${why})` : `? (${why})`;
}

const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const row = (name, r) =>
  `| ${name} | ${r.score} (${r.scores.join(', ')}) | ${s(r.fcp)} | ${s(r.lcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${kb(r.bytes)} | ${kb(r.jsBytes)} (${r.jsFiles}) |`;

export function renderWebTable(results, { loadBefore, loadAfter, runs }) {
  const m = machine();
  return [
    `Machine: ${m.nproc} cores (\`nproc\`), ${m.cpu}, ${m.ramGb} GB RAM, Node ${m.node}; load average ${loadBefore.toFixed(2)} before the run, ${loadAfter.toFixed(2)} after it.`,
    `Command: \`npm run bench:web\` (Lighthouse 12.2.3, mobile profile with simulated throttling, Chromium from CHROME_PATH; ${runs} runs per page, the run with the median score shown, all scores in brackets).`,
    '',
    '| page | performance | FCP | LCP | TBT | CLS | transferred | JavaScript (files) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...results.flatMap((r) => [row(r.name, r.product), row(`floor: ${r.name}`, r.floor)]),
  ].join('\n');
}

const START = '<!-- bench:web latest start -->';
const END = '<!-- bench:web latest end -->';

/** Replaces the "latest run" block of the web section of docs/benchmarks.md. */
export function writeWebDocs(root, table) {
  const file = path.join(root, 'docs', 'benchmarks.md');
  const doc = readFileSync(file, 'utf8');
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  if (a < 0 || b < a) {
    console.warn(`docs/benchmarks.md has no ${START} … ${END} block; table not written.`);
    return;
  }
  writeFileSync(file, `${doc.slice(0, a + START.length)}\n${table}\n${doc.slice(b)}`);
}
