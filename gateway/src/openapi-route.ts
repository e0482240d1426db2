import { openApiText } from '@stundenplan/contracts/openapi';
import type { Express } from 'express';

export const OPENAPI_PATH = '/api/openapi.json';

/** GET /api/openapi.json: the OpenAPI 3.1 document of the public API (public, read-only), made once from the contracts. */
export function openApiRoute(app: Express): void {
  const text = openApiText();
  app.get(OPENAPI_PATH, (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/json').send(text);
  });
}
