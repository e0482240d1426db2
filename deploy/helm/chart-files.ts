import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { parse } from 'yaml';

/** Reading the chart's files, shared by the static chart tests. */
export const chartDir = fileURLToPath(new URL('./stundenplan/', import.meta.url));
export const read = (rel: string): string => readFileSync(join(chartDir, rel), 'utf8');
export const template = (name: string): string => read(`templates/${name}.yaml`);

// Arbitrary YAML that the tests mutate freely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Values = Record<string, any>;
export const loadValues = (): Values => parse(read('values.yaml')) as Values;
export const schema = JSON.parse(read('values.schema.json')) as object;

export function compileSchema() {
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
  return ajv.compile(schema);
}

/** Escape a string for use inside a RegExp. */
export const re = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
