import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkLegalConfig, missingOperatorFields } from './legal-config-check.js';

const FILLED = `window.__CONFIG__ = { impressum: { operator: 'Musikhochschule', street: 'Weg 5', postalCode: '12345', city: 'Stadt', email: 'a@example.org' } };`;

function recorder() {
  const lines: { fields: Record<string, unknown>; message: string }[] = [];
  return { lines, warn: (fields: Record<string, unknown>, message: string) => void lines.push({ fields, message }) };
}

describe('legal config check at gateway start', () => {
  const dirs: string[] = [];
  const distWith = (configJs: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'legal-config-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, 'config.js'), configJs);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('when config.js is the shipped placeholder, logs one warning naming every missing field', () => {
    const log = recorder();
    checkLegalConfig(distWith('window.__CONFIG__ = window.__CONFIG__ || {};'), log);
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]!.message).toMatch(/placeholder operator data/);
    expect(log.lines[0]!.fields.missing).toEqual(['operator', 'street', 'postalCode', 'city', 'email']);
  });

  it('when the operator data are filled in, stays silent', () => {
    const log = recorder();
    checkLegalConfig(distWith(FILLED), log);
    expect(log.lines).toEqual([]);
  });

  it('names a blank field and survives a broken file', () => {
    expect(missingOperatorFields(FILLED.replace("city: 'Stadt'", "city: ' '"))).toEqual(['city']);
    const log = recorder();
    checkLegalConfig(distWith('window.__CONFIG__ = {'), log);
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]!.message).toMatch(/could not be read/);
  });

  it('without a web folder or config.js, checks nothing', () => {
    const log = recorder();
    checkLegalConfig('', log);
    checkLegalConfig(os.tmpdir() + '/does-not-exist-legal', log);
    expect(log.lines).toEqual([]);
  });
});
