import { describe, expect, it } from 'vitest';
import { classDescription, className, duration, memberEmail, memberName, searchQuery } from './validation.js';

describe('member validation (docs/product/classes.md Adding a student)', () => {
  it('names: required, 2 to 50 characters, trimmed', () => {
    expect(memberName('  Max Muster ', 'add')).toBe('Max Muster');
    expect(() => memberName('', 'add')).toThrow('Bitte geben Sie einen Namen ein');
    expect(() => memberName('A', 'add')).toThrow('Bitte geben Sie einen Namen zwischen 2 und 50 Zeichen lang ein');
    expect(() => memberName('x'.repeat(51), 'add')).toThrow('Bitte geben Sie einen Namen zwischen 2 und 50 Zeichen lang ein');
    expect(() => memberName('A', 'edit')).toThrow('Name muss zwischen 2 und 50 Zeichen lang sein');
    expect(memberName('x'.repeat(50), 'add')).toHaveLength(50);
  });

  it('e-mails: optional when adding, 5-50 characters, exactly one @', () => {
    expect(memberEmail('', false)).toBeNull();
    expect(memberEmail(' Max@Example.ORG ', false)).toBe('max@example.org');
    expect(() => memberEmail('', true)).toThrow('Bitte geben Sie eine E-Mail-Adresse ein');
    expect(() => memberEmail('a@b@example.org', false)).toThrow('Bitte geben Sie eine gültige E-Mail-Adresse ein');
    expect(() => memberEmail('a@b', false)).toThrow('E-Mail-Adresse muss zwischen 5 und 50 Zeichen lang sein');
    expect(() => memberEmail(`${'x'.repeat(45)}@ab.de`, false)).toThrow('E-Mail-Adresse muss zwischen 5 und 50 Zeichen lang sein');
  });

  it('durations: 15 to 120 in steps of 15, numbers or digit strings', () => {
    expect(duration(45)).toBe(45);
    expect(duration('60')).toBe(60);
    expect(duration(undefined, 30)).toBe(30);
    for (const bad of [0, 10, 135, 'abc', 22.5, -15, '', null, true]) {
      expect(() => duration(bad)).toThrow('Dauer muss zwischen 15 und 120 Minuten liegen (in 15 Min. Schritten)');
    }
  });
});

describe('class validation (docs/product/classes.md Class)', () => {
  it('name required and trimmed, at most 50', () => {
    expect(className('  Gesang ')).toBe('Gesang');
    expect(() => className('   ')).toThrow('Bitte gib einen Namen für den Kurs/die Klasse ein');
    expect(() => className('x'.repeat(51))).toThrow('Der Name darf höchstens 50 Zeichen lang sein');
  });

  it('description: empty becomes null', () => {
    expect(classDescription('')).toBeNull();
    expect(classDescription('  ')).toBeNull();
    expect(classDescription(undefined)).toBeNull();
    expect(classDescription(' WS ')).toBe('WS');
  });
});

describe('student search query (docs/product/classes.md Student search)', () => {
  it('5 to 50 characters, lower-cased; with @ only the local part', () => {
    expect(searchQuery('MUSTER')).toBe('muster');
    expect(searchQuery('maxmu@uni.example.org')).toBe('maxmu');
    expect(() => searchQuery('abcd')).toThrow('Suchstring muss zwischen 5 und 50 Zeichen lang sein');
    expect(() => searchQuery('x'.repeat(51))).toThrow('Suchstring muss zwischen 5 und 50 Zeichen lang sein');
    expect(() => searchQuery('ab@cd@example.org')).toThrow('Ungültige E-Mail-Adresse');
    expect(() => searchQuery('abc@example.org')).toThrow('Ungültige E-Mail-Adresse');
    expect(() => searchQuery('abcdef@nodot')).toThrow('Ungültige E-Mail-Adresse');
  });
});
