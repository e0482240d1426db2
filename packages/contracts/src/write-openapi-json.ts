// Part of the build (package.json "build"): writes dist/openapi.json, the export `@stundenplan/contracts/openapi.json`,
// from the compiled contracts beside this file. The gateway serves that file, so it never builds the schemas itself.
import { writeFileSync } from 'node:fs';
import { openApiText } from './openapi.js';

writeFileSync(new URL('./openapi.json', import.meta.url), openApiText());
