import { callUnary } from '@stundenplan/base';
import { testServiceClient } from '@stundenplan/base/testing';
import { privacyV1 } from '@stundenplan/proto';
import { describe, expect, it } from 'vitest';
import { classes, issuer, memberTimes, n, newClass, person, send, setupCalendar, slot, teacherId } from './calendar-fixture.js';

/**
 * The notification service's part of 'Meine Daten herunterladen' (PersonalDataService, packages/contracts privacy.ts):
 * each dated lesson with its status, and a swap's `asked` as the product uses the word (the asked student).
 */

setupCalendar();

type Part = { lessons: { date: string; status: string }[]; swaps: { asked: boolean | null; status: string; date: string | null }[] };

async function exportOf(who: { userId: string; email: string; role: 'teacher' | 'student'; memberIds?: string[] }): Promise<Part> {
  const client = testServiceClient(privacyV1.PersonalDataServiceClient, `127.0.0.1:${n.svc.grpcPort}`, 'notification');
  try {
    const res = await callUnary(
      client.exportPersonalData.bind(client),
      client,
      { userId: who.userId, email: who.email, role: who.role, memberIds: who.memberIds ?? [] },
      10_000,
    );
    return JSON.parse(res.json) as Part;
  } finally {
    client.close();
  }
}

describe('data export: dated lessons and swaps', () => {
  it('gives every dated lesson its status and marks the asked student’s swaps asked, the asking student’s not, the teacher’s null', async () => {
    const anna = person('Anna Alt');
    const ben = person('Ben Bauer');
    const classId = newClass({ '0': slot(['9.00', '9.15'], anna.memberId), '2': slot(['10.00', '10.15'], ben.memberId) }, [anna, ben]);
    classes.get(classId)!.semester = {
      firstDay: '2027-01-04',
      lastDay: '2027-01-29',
      state: 'BE',
      breaks: [{ from: '2027-01-18', to: '2027-01-22', label: 'Prüfungswoche' }],
    };
    memberTimes.set(anna.memberId, { '0': ['9.00', '9.15'], '2': ['10.00', '10.15'] });
    memberTimes.set(ben.memberId, { '0': ['9.00', '9.15'], '2': ['10.00', '10.15'] });
    expect((await send(classId)).status).toBe(200);
    const cookie = (p: typeof anna) => issuer.cookie({ userId: p.userId, role: 'student', email: p.email, name: p.name });
    const post = async (path: string, c: string, body?: unknown) =>
      fetch(`${n.base}${path}`, { method: 'POST', headers: { Cookie: c, 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}) }).then(
        async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }),
      );
    const asked = await post('/api/lessons/swap-requests', await cookie(anna), {
      class_id: classId,
      member_id: anna.memberId,
      with_member_id: ben.memberId,
      date: '2027-01-11',
    });
    expect(asked.status).toBe(201);
    expect((await post(`/api/lessons/swap-requests/${String(asked.body.request_id)}/accept`, await cookie(ben))).status).toBe(200);

    const annaPart = await exportOf({ userId: anna.userId, email: anna.email, role: 'student', memberIds: [anna.memberId] });
    const benPart = await exportOf({ userId: ben.userId, email: ben.email, role: 'student', memberIds: [ben.memberId] });
    const teacherPart = await exportOf({ userId: teacherId, email: 'clara.schumann@hmtm.de', role: 'teacher' });
    expect(annaPart.swaps).toEqual([expect.objectContaining({ asked: false, status: 'swapped', date: '2027-01-11' })]);
    expect(benPart.swaps).toEqual([expect.objectContaining({ asked: true, status: 'swapped', date: '2027-01-11' })]);
    expect(teacherPart.swaps.filter((s) => s.date === '2027-01-11')).toEqual([expect.objectContaining({ asked: null, status: 'swapped' })]);

    const statusOn = (p: Part, date: string) => p.lessons.filter((l) => l.date === date).map((l) => l.status);
    expect(statusOn(annaPart, '2027-01-04')).toEqual(['planned']);
    expect(statusOn(annaPart, '2027-01-18')).toEqual(['break']);
    expect(statusOn(annaPart, '2027-01-13')).toEqual(['swapped']);
    expect(annaPart.lessons.every((l) => typeof l.status === 'string')).toBe(true);
    expect(teacherPart.lessons.length).toBeGreaterThan(0);
    expect(teacherPart.lessons.every((l) => typeof l.status === 'string')).toBe(true);
  });
});
