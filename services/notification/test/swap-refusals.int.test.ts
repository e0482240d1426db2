import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { issuer, n, setupCalendar } from './calendar-fixture.js';

/**
 * The swap calls checked against their contracts (packages/contracts swaps.ts): a query or body the contract
 * refuses gets the German text of its first wrong field (docs/product/semester.md "Swaps"), before any class is read.
 */

setupCalendar();

let cookie: string;
const classId = randomUUID();
const memberId = randomUUID();

beforeAll(async () => {
  cookie = await issuer.cookie({ userId: randomUUID(), role: 'student', email: 'lena@example.org', name: 'Lena Vogel' });
});

const CLASS = 'Bitte gib einen gültigen Kurs an.';
const MEMBER = 'Bitte gib eine gültige Teilnahme an.';
const WITH = 'Bitte wähle aus, mit wem du tauschen möchtest.';
const DATE = 'Bitte gib ein gültiges Datum im Format JJJJ-MM-TT an.';
const CONTROL = 'Ungültige Zeichen in der Anfrage.';

async function answer(path: string, body?: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${n.base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Cookie: cookie, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body,
  });
  return { status: res.status, body: await res.json() };
}

describe('GET /api/lessons/swap-options: a query the contract refuses', () => {
  const own = `class_id=${classId}&member_id=${memberId}`;
  it.each([
    ['no query', '', CLASS],
    ['no member', `class_id=${classId}`, MEMBER],
    ['a class sent twice', `class_id=${classId}&class_id=${classId}&member_id=${memberId}`, CLASS],
    ['a member sent twice', `class_id=${classId}&member_id=${memberId}&member_id=${memberId}`, MEMBER],
    ['a date sent twice', `${own}&date=2099-01-05&date=2099-01-06`, DATE],
    ['a huge class id', `class_id=${'a'.repeat(10_000)}&member_id=${memberId}`, CLASS],
    ['a control character', `${own}&date=2099-01-05%00`, CONTROL],
  ])('answers %s with 400 and its German detail', async (_what, query, detail) => {
    expect(await answer(`/api/lessons/swap-options?${query}`)).toEqual({ status: 400, body: { detail } });
  });
});

describe('POST /api/lessons/swap-requests: a body the contract refuses', () => {
  const own = { class_id: classId, member_id: memberId };
  it.each([
    ['a body that is a list', JSON.stringify([own]), CLASS],
    ['a body that is text', JSON.stringify('tauschen'), 'Ungültiger JSON-Inhalt'],
    ['no body fields', '{}', CLASS],
    ['a class id that is a number', JSON.stringify({ ...own, class_id: 42 }), CLASS],
    ['no member', JSON.stringify({ class_id: classId, with_member_id: memberId }), MEMBER],
    ['a member that is a list', JSON.stringify({ ...own, member_id: [memberId] }), MEMBER],
    ['no classmate', JSON.stringify(own), WITH],
    ['a classmate that is an object', JSON.stringify({ ...own, with_member_id: { id: memberId } }), WITH],
    ['a date that is a number', JSON.stringify({ ...own, with_member_id: randomUUID(), date: 20990105 }), DATE],
    ['a huge class id', JSON.stringify({ ...own, class_id: 'x'.repeat(100_000) }), CLASS],
    ['a control character', JSON.stringify({ ...own, with_member_id: 'a\u0001b' }), CONTROL],
  ])('answers %s with 400 and its German detail', async (_what, body, detail) => {
    expect(await answer('/api/lessons/swap-requests', body)).toEqual({ status: 400, body: { detail } });
  });
});
