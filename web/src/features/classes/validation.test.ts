import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/client';
import { eventClassId, isUuid } from './class-queries';
import { MEMBER_MESSAGES } from './messages';
import {
  addMemberErrorMessage,
  checkJoinCode,
  checkSearchQuery,
  createClassErrorMessage,
  normaliseJoinCode,
  parseDuration,
  validateClassName,
  validateDuration,
  validateMemberEmail,
  validateMemberName,
} from './validation';

const httpError = (status: number, detail?: unknown) =>
  new ApiError(typeof detail === 'string' ? detail : `Fehler ${status}`, { status, kind: 'http', body: detail === undefined ? undefined : { detail } });

describe('class name', () => {
  it.each([
    ['', 'Bitte gib einen Namen für den Kurs/die Klasse ein'],
    ['   ', 'Bitte gib einen Namen für den Kurs/die Klasse ein'],
    ['Klavier', null],
  ])('%j -> %j', (name, expected) => {
    expect(validateClassName(name)).toBe(expected);
  });
});

describe('member name (docs/product/classes.md Adding a student)', () => {
  it.each([
    ['', 'add', 'Bitte geben Sie einen Namen ein'],
    ['  ', 'edit', 'Bitte geben Sie einen Namen ein'],
    ['A', 'add', 'Bitte geben Sie einen Namen zwischen 2 und 50 Zeichen lang ein'],
    ['A', 'edit', 'Name muss zwischen 2 und 50 Zeichen lang sein'],
    ['x'.repeat(51), 'add', 'Bitte geben Sie einen Namen zwischen 2 und 50 Zeichen lang ein'],
    ['x'.repeat(51), 'edit', 'Name muss zwischen 2 und 50 Zeichen lang sein'],
    ['x'.repeat(50), 'edit', null],
    ['Jo', 'add', null],
    [' Anna Berg ', 'add', null],
  ] as const)('%j (%s) -> %j', (name, mode, expected) => {
    expect(validateMemberName(name, mode)).toBe(expected);
  });
});

describe('member e-mail', () => {
  it('is optional when adding but required when editing', () => {
    expect(validateMemberEmail('', false)).toBeNull();
    expect(validateMemberEmail('  ', true)).toBe('Bitte geben Sie eine E-Mail-Adresse ein');
  });

  it.each([
    ['anna@x.de', null],
    ['ANNA.BERG@Stud.HMTM.de', null],
    ['a@b', 'E-Mail-Adresse muss zwischen 5 und 50 Zeichen lang sein'],
    [`${'a'.repeat(45)}@x.de1`, 'E-Mail-Adresse muss zwischen 5 und 50 Zeichen lang sein'],
    ['anna@@x.de', 'Bitte geben Sie eine gültige E-Mail-Adresse ein'],
    ['anna@x@y.de', 'Bitte geben Sie eine gültige E-Mail-Adresse ein'],
    ['anna x@y.de', 'Bitte geben Sie eine gültige E-Mail-Adresse ein'],
    ['anna@xde', 'Bitte geben Sie eine gültige E-Mail-Adresse ein'],
  ])('%j -> %j', (email, expected) => {
    expect(validateMemberEmail(email, false)).toBe(expected);
  });
});

describe('duration (15 to 120 in steps of 15)', () => {
  it.each([
    ['15', 15],
    ['120', 120],
    [45, 45],
    [' 60 ', 60],
    ['0', null],
    ['10', null],
    ['135', null],
    ['abc', null],
    ['', null],
    ['45.0', null],
    [-15, null],
  ] as const)('%j -> %j', (input, expected) => {
    expect(parseDuration(input)).toBe(expected);
    expect(validateDuration(input)).toBe(expected === null ? 'Dauer muss zwischen 15 und 120 Minuten liegen (in 15 Min. Schritten)' : null);
  });
});

describe('student search (docs/product/classes.md)', () => {
  it.each([
    ['anna', { ok: false, error: 'Suchstring muss zwischen 5 und 50 Zeichen lang sein' }],
    ['x'.repeat(51), { ok: false, error: 'Suchstring muss zwischen 5 und 50 Zeichen lang sein' }],
    ['Anna Berg', { ok: true, query: 'anna berg' }],
    ['MUELLER', { ok: true, query: 'mueller' }],
    ['anna.berg@stud.hmtm.de', { ok: true, query: 'anna.berg' }],
    ['Anna.Berg@Stud.de', { ok: true, query: 'anna.berg' }],
    ['anna@stud.hmtm.de', { ok: false, error: 'Ungültige E-Mail-Adresse' }],
    ['anna.berg@@x.de', { ok: false, error: 'Ungültige E-Mail-Adresse' }],
    ['anna.berg@a@x.de', { ok: false, error: 'Ungültige E-Mail-Adresse' }],
    ['anna.berg@hmtm', { ok: false, error: 'Ungültige E-Mail-Adresse' }],
    ['anna.berg@', { ok: false, error: 'Ungültige E-Mail-Adresse' }],
  ])('%j', (input, expected) => {
    expect(checkSearchQuery(input)).toEqual(expected);
  });
});

describe('registration code (docs/product/classes.md Student registration code)', () => {
  it('lower-cases and strips everything but a-z and hyphens', () => {
    expect(normaliseJoinCode(' Apfel-BIRNE-kirsche ')).toBe('apfel-birne-kirsche');
    expect(normaliseJoinCode('apfel 1-birne_2-kirsche!')).toBe('apfel-birne-kirsche');
    expect(normaliseJoinCode('äpfel-birne-kirsche')).toBe('pfel-birne-kirsche');
  });

  it.each([
    ['', { ok: false, error: 'Bitte gib einen Registrierungscode ein' }],
    ['123 !!', { ok: false, error: 'Bitte gib einen Registrierungscode ein' }],
    ['apfel-birne', { ok: false, error: 'Ungültiges Format. Erwartet: wort-wort-wort' }],
    ['apfel-birne-kirsche-pflaume', { ok: false, error: 'Ungültiges Format. Erwartet: wort-wort-wort' }],
    ['apfel--kirsche', { ok: false, error: 'Ungültiges Format. Erwartet: wort-wort-wort' }],
    ['-apfel-birne', { ok: false, error: 'Ungültiges Format. Erwartet: wort-wort-wort' }],
    ['Apfel-Birne-Kirsche', { ok: true, code: 'apfel-birne-kirsche' }],
  ])('%j', (input, expected) => {
    expect(checkJoinCode(input)).toEqual(expected);
  });
});

describe('server failures', () => {
  it('maps a create failure mentioning 20 courses to the limit text', () => {
    expect(createClassErrorMessage(httpError(400, 'Maximale Anzahl von Kursen erreicht (20)'))).toBe('Maximale Anzahl von Kursen erreicht (20)');
    expect(createClassErrorMessage(httpError(400, 'Maximum of 20 classes reached'))).toBe('Maximale Anzahl von Kursen erreicht (20)');
    expect(createClassErrorMessage(httpError(500, 'Datenbankfehler'))).toBe('Fehler beim Erstellen der Klasse');
    expect(createClassErrorMessage(new ApiError('x', { status: 0, kind: 'network' }))).toBe('Fehler beim Erstellen der Klasse');
  });

  it('maps add failures: 99 limit, detail, http fallback, network fallback', () => {
    expect(addMemberErrorMessage(httpError(400, 'Maximal 99 Studierenden pro Klasse/Kurs'))).toBe(MEMBER_MESSAGES.maxMembers);
    expect(addMemberErrorMessage(httpError(409, 'Die E-Mail-Adresse a@b.de ist bereits vorhanden'))).toBe('Die E-Mail-Adresse a@b.de ist bereits vorhanden');
    expect(addMemberErrorMessage(httpError(500))).toBe('Fehler beim Hinzufügen des Studenten');
    expect(addMemberErrorMessage(new ApiError('x', { status: 0, kind: 'network' }))).toBe(
      'Ein Fehler ist aufgetreten, Student konnte nicht hinzugefügt werden',
    );
  });

  it('words the update failure per field', () => {
    expect(MEMBER_MESSAGES.updateFailed('email', 'x')).toBe('Fehler beim Aktualisieren der E-Mail-Adresse: x');
    expect(MEMBER_MESSAGES.updateFailed('name', 'x')).toBe('Fehler beim Aktualisieren des Namens: x');
    expect(MEMBER_MESSAGES.updateFailed('duration', 'x')).toBe('Fehler beim Aktualisieren der Dauer: x');
  });
});

describe('helpers', () => {
  it('recognises UUIDs only', () => {
    expect(isUuid('3f2b8c1e-1d2a-4c3b-8a9f-0123456789ab')).toBe(true);
    expect(isUuid('3F2B8C1E-1D2A-4C3B-8A9F-0123456789AB')).toBe(true);
    expect(isUuid('3f2b8c1e1d2a4c3b8a9f0123456789ab')).toBe(false);
    expect(isUuid('klavier')).toBe(false);
    expect(isUuid(null)).toBe(false);
  });

  it('reads the class id of an update event in every spelling', () => {
    expect(eventClassId(new Event('classStudentsUpdated'))).toBeUndefined();
    expect(eventClassId(new CustomEvent('classStudentsUpdated', { detail: 'c1' }))).toBe('c1');
    expect(eventClassId(new CustomEvent('classStudentsUpdated', { detail: { classId: 'c2' } }))).toBe('c2');
    expect(eventClassId(new CustomEvent('classStudentsUpdated', { detail: { class_id: 'c3' } }))).toBe('c3');
  });
});
