// Writes docs/openapi.json from the contracts: `npm run -w @stundenplan/contracts openapi` after a build.
import { writeFileSync } from 'node:fs';
import { openApiText } from './openapi.js';

const target = new URL('../../../docs/openapi.json', import.meta.url);
writeFileSync(target, openApiText());
console.log(`wrote ${target.pathname}`);
