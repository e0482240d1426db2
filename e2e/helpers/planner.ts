import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type APIResponse, type Locator, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import type { Person } from './accounts.js';
import { DAY_NAMES, loginByApi, registerConfirmed } from './api.js';

/*
 * Fast set-up for the planner tests through the public HTTP API (docs/product/api.md), with one cookie jar per
 * person: register, confirm through the link in the outbox mail, log in, create a class, enter
 * times, join by code. The browser part of the tests stays in the spec files.
 */

/** A weekday (0 = Montag) with time windows like ['9:00', '10:30'] (end exclusive). */
export type TimeWindows = Partial<Record<number, [from: string, to: string][]>>;

function minutesOf(clock: string): number {
  const [h, m] = clock.split(':').map(Number);
  return h! * 60 + (m ?? 0);
}

/** docs/product/data.md available times: day index -> 15-minute slot labels 'h.mm' ('9.00', '14.30'). */
export function slotMap(windows: TimeWindows): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [day, list] of Object.entries(windows)) {
    const labels: string[] = [];
    for (const [from, to] of list ?? []) {
      for (let t = minutesOf(from); t < minutesOf(to); t += 15) labels.push(`${Math.floor(t / 60)}.${String(t % 60).padStart(2, '0')}`);
    }
    out[day] = labels;
  }
  return out;
}

async function ok(res: APIResponse, what: string): Promise<APIResponse> {
  expect(res.ok(), `${what} answered ${res.status()}: ${await res.text()}`).toBeTruthy();
  return res;
}

/**
 * Registers `who` (POST auth/register), confirms the address with the token from the mailed link
 * (outbox /dev/mail.json, POST auth/confirm-email) and logs in. Answers a request context that
 * carries the session cookie.
 */
export async function signUpViaApi(request: PlaywrightWorkerArgs['playwright']['request'], baseURL: string, who: Person): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  await registerConfirmed(api, who);
  await loginByApi(api, who);
  return api;
}

export interface CreatedClass {
  classId: string;
  registerShortcut: string;
}

/** POST classes, PUT classes/{id}/available-times (teacher times) and POST time-range/exact (step 3). */
export async function createClassWithTimes(teacher: APIRequestContext, name: string, teacherTimes: TimeWindows): Promise<CreatedClass> {
  const created = (await (
    await ok(await teacher.post('/api/classes', { data: { name, description: null, is_group: false, register_shortcut: '' } }), 'create class')
  ).json()) as {
    class_id: string;
    register_shortcut: string;
  };
  await ok(await teacher.put(`/api/classes/${created.class_id}/available-times`, { data: { available_times: slotMap(teacherTimes) } }), 'teacher times');
  await ok(await teacher.post(`/api/classes/${created.class_id}/time-range/exact`, { data: {} }), 'time range exact');
  return { classId: created.class_id, registerShortcut: created.register_shortcut };
}

/** The student joins with the class code (POST students/join-class) and enters their own times (PUT me/available-times). */
export async function joinAndEnterTimes(student: APIRequestContext, who: Person, registerShortcut: string, times: TimeWindows): Promise<void> {
  await ok(
    await student.post('/api/students/join-class', { data: { register_shortcut: registerShortcut, duration: who.duration ?? 30 } }),
    `join ${who.email}`,
  );
  await ok(await student.put('/api/me/available-times', { data: { available_times: slotMap(times) } }), `times of ${who.email}`);
}

/** Member ids by name (GET classes/{id}/members). */
export async function memberIdsByName(teacher: APIRequestContext, classId: string): Promise<Map<string, string>> {
  const body = (await (await ok(await teacher.get(`/api/classes/${classId}/members`), 'members')).json()) as
    | { members?: { member_id: string; name: string }[] }
    | { member_id: string; name: string }[];
  const list = Array.isArray(body) ? body : (body.members ?? []);
  return new Map(list.map((m) => [m.name, m.member_id]));
}

/** Saves a schedule (POST classes/{id}/schedules); `days` holds the saved form: day index -> [['9.00', memberId], ...]. */
export async function saveScheduleViaApi(
  teacher: APIRequestContext,
  classId: string,
  name: string,
  days: Partial<Record<number, [string, string][]>>,
): Promise<void> {
  const availableTimes = Object.fromEntries(Array.from({ length: 7 }, (_, day) => [String(day), days[day] ?? []]));
  await ok(
    await teacher.post(`/api/classes/${classId}/schedules`, { data: { name, description: null, class_id: classId, available_times: availableTimes } }),
    'save schedule',
  );
}

// ---- the planner grid (step 4) ---------------------------------------------------------------

export { DAY_NAMES };

/** Slot index of 'HH:MM' (15-minute slots counted from midnight). */
export function slotOf(clock: string): number {
  return minutesOf(clock) / 15;
}

/** 'HH:MM' of a slot index. */
export function clockOf(slot: number): string {
  return `${String(Math.floor(slot / 4)).padStart(2, '0')}:${String((slot % 4) * 15).padStart(2, '0')}`;
}

/** 'Montag 09:00–09:30 Uhr', the way the planner describes a lesson. */
export function span(day: number, startClock: string, minutes: number): string {
  const start = slotOf(startClock);
  return `${DAY_NAMES[day]} ${clockOf(start)}–${clockOf(start + minutes / 15)} Uhr`;
}

export function weekGrid(page: Page): Locator {
  return page.locator('.week-grid');
}

/** The placed lesson of a student in the grid (its accessible name starts with the full name and a comma). */
export function lesson(page: Page, fullName: string): Locator {
  return weekGrid(page).getByRole('button', { name: new RegExp(`^${fullName.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}, `) });
}

export interface LessonPosition {
  day: number;
  start: number;
  end: number;
  pinned: boolean;
}

/** Reads day and time from the lesson's accessible name ('Anna Bäcker, Mittwoch 15:00–16:00 Uhr, fixiert'). */
export async function lessonPosition(page: Page, fullName: string): Promise<LessonPosition> {
  const label = (await lesson(page, fullName).getAttribute('aria-label')) ?? '';
  const m = /, (\p{L}+) (\d{2}:\d{2})–(\d{2}:\d{2}) Uhr(, fixiert)?$/u.exec(label);
  expect(m, `lesson label "${label}"`).not.toBeNull();
  return { day: DAY_NAMES.indexOf(m![1] as (typeof DAY_NAMES)[number]), start: slotOf(m![2]!), end: slotOf(m![3]!), pinned: !!m![4] };
}

/** Every lesson label of the grid, sorted (to compare whole plans). */
export async function lessonLabels(page: Page): Promise<string[]> {
  const labels = await weekGrid(page)
    .locator('.lesson')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label') ?? ''));
  return labels.sort();
}

/**
 * Drags a lesson with the mouse: grabs it in its first row (left, away from the lock and × buttons)
 * and drops it with the pointer in the middle of the target cell.
 */
export async function dragLessonWithMouse(page: Page, source: Locator, day: number, slot: number): Promise<void> {
  const target = weekGrid(page).locator(`[data-cell="${day}:${slot}"]`);
  await target.scrollIntoViewIfNeeded();
  await source.scrollIntoViewIfNeeded();
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  const view = await page.locator('.week-grid-scroll').boundingBox();
  expect(from, 'lesson on screen').not.toBeNull();
  expect(to, 'target cell on screen').not.toBeNull();
  // Both ends inside the visible part of the scrolling grid (else the pointer would land elsewhere).
  for (const box of [from!, to!]) {
    expect(box.y, 'inside the visible grid').toBeGreaterThanOrEqual(view!.y);
    expect(box.y + box.height / 2, 'inside the visible grid').toBeLessThanOrEqual(view!.y + view!.height);
  }
  const grab = { x: from!.x + 8, y: from!.y + 5 };
  await page.mouse.move(grab.x, grab.y);
  await page.mouse.down();
  // The pointer sensor starts after 4 px.
  await page.mouse.move(grab.x + 6, grab.y + 6, { steps: 3 });
  await page.mouse.move(to!.x + to!.width / 2, to!.y + to!.height / 2, { steps: 12 });
  await page.mouse.up();
}

// ---- PDF -------------------------------------------------------------------------------------

/** Page 1 of a PDF as a PNG at 80 dpi (poppler's pdftoppm); answers the PNG path and its size. */
export function pdfPageAsPng(pdfPath: string, pngBase: string): { path: string; width: number; height: number } {
  execFileSync('/usr/bin/pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', pdfPath, pngBase]);
  const path = `${pngBase}.png`;
  const png = readFileSync(path);
  expect(png.subarray(1, 4).toString('latin1'), 'PNG signature').toBe('PNG');
  // IHDR: width and height are the big-endian 32-bit numbers at bytes 16 and 20.
  return { path, width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The text of a PDF in its layout (poppler's pdftotext -layout). */
export function pdfText(pdfPath: string): string {
  return execFileSync('/usr/bin/pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
}
