import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Express } from 'express';

export const OPENAPI_PATH = '/api/openapi.json';

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of the public API (public, read-only). The contracts' build
 * writes it (`@stundenplan/contracts/openapi.json`, the same text as `openApiText()`), so the gateway reads one
 * file instead of building every schema at start (ADR 0014).
 */
export function openApiRoute(app: Express): void {
  const file = createRequire(import.meta.url).resolve('@stundenplan/contracts/openapi.json');
  const text = readFileSync(file, 'utf8');
  app.get(OPENAPI_PATH, (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/json').send(text);
  });
}
