import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpoints } from '@stundenplan/contracts';
import { expect } from 'vitest';
import { Client, linkFrom, minimalPdf, waitForMail } from './helpers.js';

/** Dates, times, people and routes of the school rooms walk (school-rooms.int.test.ts). */

// Own ports: gateway 22380, services 24381-24398.
export const PORT = 22380;
export const OFFSET = 16300;
const COMMAND = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/school-admin.js');

export const DAY_MS = 86_400_000;
export const addDays = (iso: string, d: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + d * DAY_MS).toISOString().slice(0, 10);
export const weekdayOf = (iso: string) => (new Date(`${iso}T12:00:00Z`).getUTCDay() + 6) % 7;
export const label = (m: number) => `${Math.floor(m / 60)}.${String(m % 60).padStart(2, '0')}`;
export const labels = (from: number, to: number) => Array.from({ length: (to - from) / 15 }, (_, i) => label(from + i * 15));
export const minutes = (l: string) => Number(l.split('.')[0]) * 60 + Number(l.split('.')[1]);
export const h = (hours: number, mins = 0) => hours * 60 + mins;

export const today = new Date(Date.now() + 3600_000).toISOString().slice(0, 10);
/** The lessons' day: a weekday two to eight days ahead, so the sent plan has dated lessons ahead. */
export const LESSON_DATE = [2, 3, 4, 5, 6, 7, 8].map((d) => addDays(today, d)).find((d) => weekdayOf(d) < 5)!;
export const WD = String(weekdayOf(LESSON_DATE));
export const GERMAN_DAY = ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'][Number(WD)]!;

export interface Institution {
  id: string;
  name: string;
  teachers_mail: string | null;
}
export interface Room {
  id: string;
  name: string;
  site_id: string;
  site_name: string;
}
export interface Placement {
  member_id: string;
  day: number;
  start: string;
  end: string;
  week: 'A' | 'B' | null;
  room?: Room;
}
export interface Booking {
  room_id: string;
  day: number;
  start: string;
  end: string;
  week: 'A' | 'B' | null;
  class_id: string;
}

export async function teacherOf(base: string, institution: Institution, name: string): Promise<Client & { email: string }> {
  const c = new Client(base) as Client & { email: string };
  const email = `${name.split(' ')[0]!.toLowerCase()}.${randomUUID().slice(0, 6)}@${institution.teachers_mail}`;
  const reg = await c.post('/api/auth/register', { email, password: 'Sicher123!', name, role_id: 2, institution_id: institution.id, duration: null });
  if (reg.status >= 300) throw new Error(`register ${reg.status} ${JSON.stringify(reg.body)}`);
  const token = new URL(linkFrom(await waitForMail(base, email, /bestätig/i), '/confirm-email')).searchParams.get('token');
  expect((await c.post('/api/auth/confirm-email', { token })).status).toBe(200);
  expect((await c.post('/api/auth/login', { email, password: 'Sicher123!' })).status).toBe(200);
  c.email = email;
  return c;
}

export function schoolAdmin(dataDir: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) =>
    execFile(
      process.execPath,
      [COMMAND, ...args],
      { env: { ...process.env, SP_PORT_OFFSET: String(OFFSET), SP_DATA_DIR: dataDir, SCHOOL_SERVICE_ADDR: '', SERVICE_TOKEN_KEY: '' } },
      (err, stdout, stderr) => resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    ),
  );
}

/** Every school route of the contracts (paths with {schoolId}), with its ids filled in and a harmless body. */
export function schoolRoutes(ids: { schoolId: string; siteId: string; roomId: string }): { method: string; path: string; body?: unknown }[] {
  const routes = endpoints.filter((e) => e.path.includes('{schoolId}'));
  return routes.map((r) => ({
    method: r.method,
    path: r.path.replace('{schoolId}', ids.schoolId).replace('{siteId}', ids.siteId).replace('{roomId}', ids.roomId),
    ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { body: { name: 'X', site_id: ids.siteId, travel: [], email: 'x@example.org' } }),
  }));
}

/** Two spans of one day overlap (labels, end exclusive). */
export const overlaps = (a: { start: string; end: string }, b: { start: string; end: string }) =>
  minutes(a.start) < minutes(b.end) && minutes(b.start) < minutes(a.end);
export const weeksMeet = (a: { week: string | null }, b: { week: string | null }) => a.week === null || b.week === null || a.week === b.week;

/** Lessons at different sites on one day leave at least 25 minutes between them. */
export function expectTravel(placements: Placement[]) {
  const byDay = [...placements].filter((p) => p.room).sort((a, b) => a.day - b.day || minutes(a.start) - minutes(b.start));
  let changes = 0;
  for (let i = 1; i < byDay.length; i++) {
    const [a, b] = [byDay[i - 1]!, byDay[i]!];
    if (a.day !== b.day || a.room!.site_id === b.room!.site_id) continue;
    changes++;
    expect(minutes(b.start) - minutes(a.end), `${a.start}-${a.end} ${a.room!.site_name} → ${b.start} ${b.room!.site_name}`).toBeGreaterThanOrEqual(25);
  }
  return changes;
}

export async function send(teacher: Client, classId: string) {
  const form = new FormData();
  form.append('pdf', new Blob([new Uint8Array(minimalPdf())], { type: 'application/pdf' }), 'stundenplan.pdf');
  form.append('class_id', classId);
  form.append('until', addDays(today, 60));
  const sent = await teacher.post('/api/send-schedule-to-students', form);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
}

/** The PDF's text as pdftotext -layout reads it, runs of whitespace collapsed. */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sp-pdf-'));
  try {
    const file = path.join(dir, 'plan.pdf');
    writeFileSync(file, pdf);
    const r = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`pdftotext failed: ${r.stderr}`);
    return r.stdout.replace(/[ \t]+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The calculation of the teacher's class (200 expected). */
export async function calculate(teacher: Client, classId: string, wiggleRoom = 0) {
  const calc = await teacher.post<{
    placements: Placement[];
    status: string;
    stats: { rooms?: unknown };
    skipped_students: { member_id: string; reason: string }[];
  }>('/api/cp-sat-berechnung-from-db', {
    wiggleRoom,
    selectedClass: classId,
    timePreferences: {},
  });
  expect(calc.status, JSON.stringify(calc.body)).toBe(200);
  return calc.body;
}

/** Saves the placements (with their weeks) and the rooms of those `withRoom` picks; loads them back. */
export async function saveWithRooms(teacher: Client, classId: string, placements: Placement[], withRoom: (p: Placement) => boolean) {
  const available_times: Record<string, string[][]> = {};
  for (const p of placements)
    (available_times[String(p.day)] ??= []).push(...labels(minutes(p.start), minutes(p.end)).map((l) => [l, p.member_id, ...(p.week ? [p.week] : [])]));
  const roomsBody = Object.fromEntries(placements.filter(withRoom).map((p) => [p.member_id, p.room!.id]));
  const saved = await teacher.post<{ id: string }>(`/api/classes/${classId}/schedules`, { name: 'Semester', available_times, rooms: roomsBody });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  const loaded = await teacher.get<{ rooms: Record<string, string>; room_details: Record<string, Room> }>(`/api/schedules/${saved.body.id}`);
  expect(loaded.body.rooms).toEqual(roomsBody);
  return saved.body.id;
}

/** Every placement's room: the needed tag, a site of the member, open for the whole lesson. */
export function expectFittingRooms(
  rooms: Record<string, { id: string; equipment: string[]; site_id: string; times: Record<string, string[]> | null }>,
  placements: Placement[],
  allowedSites: Record<string, string[]>,
) {
  for (const p of placements) {
    expect(p.room, JSON.stringify(p)).toBeDefined();
    const room = rooms[p.room!.name]!;
    expect(room.id).toBe(p.room!.id);
    expect(room.equipment).toContain('grand_piano');
    expect(allowedSites[p.member_id]).toContain(room.site_id);
    if (room.times) for (const l of labels(minutes(p.start), minutes(p.end))) expect(room.times[String(p.day)], `${p.room!.name} ${l}`).toContain(l);
  }
}

/** The school's bookings of a class, once the sent plan's event reached the school service. */
export async function bookingsOf(office: Client, schoolId: string, classId: string, count: number): Promise<Booking[]> {
  const until = Date.now() + 20_000;
  for (;;) {
    const all = (await office.get<{ bookings: Booking[] }>(`/api/schools/${schoolId}/room-bookings`)).body.bookings;
    const mine = all.filter((b) => b.class_id === classId);
    if (mine.length >= count || Date.now() > until) return mine;
    await new Promise((r) => setTimeout(r, 200));
  }
}
