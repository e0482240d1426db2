// The text of dist/routes-table.js and its .d.ts (see routes.ts): every area of the contracts (the namespaces
// index.ts exports), each endpoint reduced to the fields the browser needs, typed by `import type` of its area.
import { existsSync } from 'node:fs';
import type { Endpoint } from './endpoint.js';
import * as contracts from './index.js';

type RouteFields = { -readonly [K in 'id' | 'method' | 'path' | 'bodyKind' | 'answerKind' | 'status']?: Endpoint[K] };

const isEndpoint = (v: unknown): v is Endpoint => typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'errors' in v;
const isArea = (v: unknown): v is Record<string, unknown> => Object.prototype.toString.call(v) === '[object Module]';
/** The module of an area: calendarImport lives in calendar-import.ts. */
export const fileOfArea = (area: string) => area.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The routes of every area, by area name, as plain objects (what dist/routes-table.js holds). */
export function routeTables(): Record<string, Record<string, RouteFields>> {
  const tables: Record<string, Record<string, RouteFields>> = {};
  for (const [area, ns] of Object.entries(contracts).sort(([a], [b]) => a.localeCompare(b))) {
    if (!isArea(ns)) continue;
    const routes = Object.entries(ns).filter(([, v]) => isEndpoint(v)) as [string, Endpoint][];
    if (routes.length === 0) continue;
    tables[area] = Object.fromEntries(
      routes
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, e]) => {
          const fields: RouteFields = { id: e.id, method: e.method, path: e.path };
          if (e.bodyKind !== 'json') fields.bodyKind = e.bodyKind;
          if (e.answerKind) fields.answerKind = e.answerKind;
          if (e.status) fields.status = e.status;
          return [name, fields];
        }),
    );
  }
  return tables;
}

const HEADER = '// Written by write-routes.js from the contracts at build time (src/routes.ts): no zod, plain objects.';

/** dist/routes-table.js: the tables as frozen plain objects, and pathOf. */
export function routesJs(tables = routeTables()): string {
  const lines = [HEADER, "export { pathOf } from './routes.js';"];
  for (const [area, routes] of Object.entries(tables)) lines.push(`export const ${area} = Object.freeze(${JSON.stringify(routes)});`);
  return `${lines.join('\n')}\n`;
}

/** dist/routes-table.d.ts: each table typed as its area's contracts. */
export function routesDts(tables = routeTables(), dir?: URL): string {
  const lines = [HEADER, "import type { RoutesOf } from './routes.js';", "export { pathOf, type RoutesOf } from './routes.js';"];
  for (const area of Object.keys(tables)) {
    const file = fileOfArea(area);
    if (dir && !existsSync(new URL(`./${file}.js`, dir))) throw new Error(`contracts area ${area}: no module ${file}.js`);
    lines.push(`import type * as ${area}Contracts from './${file}.js';`, `export declare const ${area}: RoutesOf<typeof ${area}Contracts>;`);
  }
  return `${lines.join('\n')}\n`;
}
