import { describe, expect, it } from 'vitest';
import type { Institution } from './auth-api';
import {
  isUuidV4,
  isValidEmailFormat,
  isValidName,
  isValidPassword,
  matchesInstitutionDomain,
  resolveRoleId,
  validateRegistration,
  type RegistrationValues,
} from './registration-validation';

const HMTM: Institution = { id: '1', name: 'HMTM', students_mail: 'stud.hmtm.de', teachers_mail: '@hmtm.de' };

function values(overrides: Partial<RegistrationValues> = {}): RegistrationValues {
  return {
    name: 'Anna Schmidt',
    email: 'anna@example.org',
    password: 'geheim123',
    passwordRepeat: 'geheim123',
    roleId: 1,
    institution: null,
    duration: 30,
    memberId: null,
    ...overrides,
  };
}

describe('validateRegistration', () => {
  it('accepts a complete, valid form', () => {
    expect(validateRegistration(values())).toEqual({});
  });

  it.each(['kurz1', 'nurbuchstaben', '12345678', 'a1'.repeat(51)])('rejects the password %s', (password) => {
    expect(validateRegistration(values({ password, passwordRepeat: password })).password).toBe(
      'Das Passwort muss mindestens 8 Zeichen lang sein und Buchstaben sowie Zahlen enthalten.',
    );
  });

  it('rejects a repeat that does not match', () => {
    expect(validateRegistration(values({ passwordRepeat: 'geheim124' })).passwordRepeat).toBe('Die Passwörter stimmen nicht überein.');
  });

  it.each(['Anna', 'A', 'Anna Schmidt3', 'Anna_Schmidt', `Anna ${'x'.repeat(50)}`, '   ', 'Anna -', "Anna ' -"])('rejects the name %j', (name) => {
    expect(validateRegistration(values({ name })).name).toBe('Bitte gib einen gültigen Namen ein.');
  });

  it('accepts umlauts, ß, hyphens and apostrophes in names', () => {
    expect(isValidName("Jörg-Peter O'Weiß")).toBe(true);
    expect(isValidName('  Ämilie   Groß ')).toBe(true);
    // Measured like the service measures it: runs of spaces count as one.
    expect(isValidName(`Anna${' '.repeat(45)}Schmidt`)).toBe(true);
  });

  it.each(['anna', 'anna@', 'anna@example', 'an na@example.org', `${'a'.repeat(96)}@x.de`])('rejects the e-mail %s', (email) => {
    expect(validateRegistration(values({ email })).email).toBe('Bitte gib eine gültige E-Mail-Adresse ein.');
  });

  it('requires the institution domain for the chosen role', () => {
    const student = values({ institution: HMTM, roleId: 1 });
    expect(validateRegistration({ ...student, email: 'anna@stud.hmtm.de' }).email).toBeUndefined();
    expect(validateRegistration({ ...student, email: 'anna@hmtm.de' }).email).toBe('Bitte gib eine gültige E-Mail-Adresse ein.');
    const teacher = values({ institution: HMTM, roleId: 2, duration: null });
    expect(validateRegistration({ ...teacher, email: 'anna@HMTM.de' }).email).toBeUndefined();
    expect(validateRegistration({ ...teacher, email: 'anna@stud.hmtm.de' }).email).toBe('Bitte gib eine gültige E-Mail-Adresse ein.');
  });

  it('needs a role or an institution', () => {
    expect(validateRegistration(values({ roleId: null })).role).toBe('Bitte wähle deine Rolle aus.');
    expect(validateRegistration(values({ roleId: null, institution: HMTM, email: 'anna@stud.hmtm.de' })).role).toBeUndefined();
    expect(validateRegistration(values({ roleId: null, codeInstitutionId: 7 })).role).toBeUndefined();
  });

  it('derives the role from the institution domain when none is chosen', () => {
    expect(resolveRoleId(null, HMTM, 'a@stud.hmtm.de')).toBe(1);
    expect(resolveRoleId(null, HMTM, 'a@hmtm.de')).toBe(2);
    expect(resolveRoleId(null, HMTM, 'a@gmail.com')).toBeNull();
    expect(matchesInstitutionDomain('a@gmail.com', HMTM, null)).toBe(false);
  });

  it.each([0, 10, 20, 121, 135, null])('rejects the student duration %s', (duration) => {
    expect(validateRegistration(values({ duration })).duration).toBe('Bitte gib eine gültige Unterrichtszeit zwischen 1 und 120 Minuten ein.');
  });

  it('accepts every duration from 15 to 120 in steps of 15 and ignores duration for teachers', () => {
    for (let d = 15; d <= 120; d += 15) expect(validateRegistration(values({ duration: d })).duration).toBeUndefined();
    expect(validateRegistration(values({ roleId: 2, duration: null })).duration).toBeUndefined();
  });

  it('requires a version-4 UUID as memberId', () => {
    expect(validateRegistration(values({ memberId: '123' })).memberId).toBe('Die memberId muss eine gültige UUID sein.');
    expect(validateRegistration(values({ memberId: '3f2b8c1e-1d2a-1c3b-8a9f-0123456789ab' })).memberId).toBe('Die memberId muss eine gültige UUID sein.');
    expect(validateRegistration(values({ memberId: '3f2b8c1e-1d2a-4c3b-8a9f-0123456789ab' })).memberId).toBeUndefined();
  });
});

describe('single rules', () => {
  it('checks passwords for letters, digits and length', () => {
    expect(isValidPassword('abcdefg1')).toBe(true);
    expect(isValidPassword('äöüßäöü1')).toBe(true);
    expect(isValidPassword('abcdef1')).toBe(false);
  });

  it('checks the e-mail format', () => {
    expect(isValidEmailFormat('vorname.nachname@stud.hmtm.de')).toBe(true);
    expect(isValidEmailFormat('x@y.d')).toBe(false);
  });

  it('recognises UUID v4', () => {
    expect(isUuidV4('3F2B8C1E-1D2A-4C3B-9A9F-0123456789AB')).toBe(true);
    expect(isUuidV4('3f2b8c1e-1d2a-4c3b-7a9f-0123456789ab')).toBe(false);
  });
});

describe('e-mail length limit', () => {
  it('accepts exactly 100 characters', () => {
    expect(isValidEmailFormat(`${'a'.repeat(95)}@x.de`)).toBe(true);
  });
});
