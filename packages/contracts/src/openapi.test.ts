import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { endpoints } from './index.js';
import { buildOpenApi, openApiText } from './openapi.js';

const committed = new URL('../../../docs/openapi.json', import.meta.url);

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(buildOpenApi());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('matches the committed docs/openapi.json (run `npm run -w @stundenplan/contracts openapi` after a build)', () => {
    expect(readFileSync(committed, 'utf8')).toBe(openApiText());
  });

  it('has one operation per contract, each with a unique id', () => {
    const doc = buildOpenApi() as { paths: Record<string, Record<string, { operationId: string }>> };
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(ids).toHaveLength(endpoints.length);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
