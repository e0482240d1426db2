import { describe, expect, it } from 'vitest';
import { isAppError } from './errors.js';
import { parseBody, parseQuery, type RequestSchema } from './request-contract.js';

/** A schema as zod offers it: { name: string, age?: number }, one issue per wrong field. */
const person: RequestSchema<{ name: string; age?: number }> = {
  safeParse(value: unknown) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return { success: false, error: { issues: [{ path: [] }] } };
    const v = value as Record<string, unknown>;
    const issues = [
      ...(typeof v.name === 'string' ? [] : [{ path: ['name'] }]),
      ...(v.age === undefined || typeof v.age === 'number' ? [] : [{ path: ['age', 0] }]),
    ];
    return issues.length ? { success: false, error: { issues } } : { success: true, data: { name: v.name as string, age: v.age as number | undefined } };
  },
};

function refusal(run: () => unknown): { status: number; detail: unknown } {
  try {
    run();
  } catch (e) {
    if (isAppError(e)) return { status: e.httpStatus, detail: e.detail };
    throw e;
  }
  throw new Error('not refused');
}

describe('parseBody / parseQuery', () => {
  const contract = { body: person, query: person };

  it('answers the typed value the schema gives', () => {
    expect(parseBody(contract, { body: { name: 'Ada', age: 3 } }, { name: 'Name fehlt' })).toEqual({ name: 'Ada', age: 3 });
    expect(parseQuery(contract, { query: { name: 'Ada' } }, { name: 'Name fehlt' })).toEqual({ name: 'Ada', age: undefined });
  });

  it('refuses with the text of the first listed field that is wrong, in the order given', () => {
    const messages = { age: 'Alter ungültig', name: 'Name fehlt' };
    expect(refusal(() => parseBody(contract, { body: { age: 'x' } }, messages))).toEqual({ status: 400, detail: 'Alter ungültig' });
    expect(refusal(() => parseBody(contract, { body: { age: 'x' } }, { name: 'Name fehlt', age: 'Alter ungültig' }))).toEqual({
      status: 400,
      detail: 'Name fehlt',
    });
  });

  it('a whole body refused: the text of "", else the first field’s', () => {
    expect(refusal(() => parseBody(contract, { body: [1] }, { '': 'Ungültige Anfrage', name: 'Name fehlt' })).detail).toBe('Ungültige Anfrage');
    expect(refusal(() => parseBody(contract, {}, { name: 'Name fehlt', age: 'Alter ungültig' })).detail).toBe('Name fehlt');
  });

  it('a text may depend on the value the field was sent with', () => {
    const messages = { name: (v: unknown) => (v === undefined ? 'Name fehlt' : `Kein Name: ${JSON.stringify(v)}`) };
    expect(refusal(() => parseBody(contract, { body: {} }, messages)).detail).toBe('Name fehlt');
    expect(refusal(() => parseBody(contract, { body: { name: 7 } }, messages)).detail).toBe('Kein Name: 7');
  });

  it('a field may be refused with its own status (404 for an id that cannot exist)', () => {
    const messages = { '': 'Ungültige Anfrage', name: { status: 404, detail: 'Nicht gefunden' } } as const;
    expect(refusal(() => parseBody(contract, { body: { name: 7 } }, messages))).toEqual({ status: 404, detail: 'Nicht gefunden' });
    expect(refusal(() => parseQuery(contract, { query: {} }, messages))).toEqual({ status: 404, detail: 'Nicht gefunden' });
    expect(refusal(() => parseBody(contract, { body: 'x' }, messages))).toEqual({ status: 400, detail: 'Ungültige Anfrage' });
    const byValue = { name: (v: unknown) => (v === undefined ? { status: 404 as const, detail: 'Fehlt' } : 'Falsch') };
    expect(refusal(() => parseBody(contract, { body: {} }, byValue))).toEqual({ status: 404, detail: 'Fehlt' });
    expect(refusal(() => parseBody(contract, { body: { name: 1 } }, byValue))).toEqual({ status: 400, detail: 'Falsch' });
  });

  it('a text may depend on the path of the field’s first problem', () => {
    const messages = { name: 'Name fehlt', age: (_v: unknown, path: readonly PropertyKey[]) => `Alter: ${path.join('.')}` };
    expect(refusal(() => parseBody(contract, { body: { name: 'Ada', age: 'x' } }, messages)).detail).toBe('Alter: age.0');
    const whole = { '': (_v: unknown, path: readonly PropertyKey[]) => `Ganz: [${path.join('.')}]`, name: 'Name fehlt' };
    expect(refusal(() => parseBody(contract, { body: null }, whole)).detail).toBe('Ganz: []');
  });
});
