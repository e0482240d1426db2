// Part of the build (package.json "build"): writes dist/routes-table.js and dist/routes-table.d.ts, the zod-free
// export `@stundenplan/contracts/routes` (see routes.ts), from the compiled contracts beside this file.
import { writeFileSync } from 'node:fs';
import { routeTables, routesDts, routesJs } from './routes-text.js';

const tables = routeTables();
writeFileSync(new URL('./routes-table.js', import.meta.url), routesJs(tables));
writeFileSync(new URL('./routes-table.d.ts', import.meta.url), routesDts(tables, new URL('./', import.meta.url)));
