import { expect, type APIRequestContext, type Locator, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import type { DayName } from './api.js';

export { DAY_NAMES, loginByApi, registerConfirmed, type DayName } from './api.js';

/*
 * Fast set-up over the HTTP API (the browser flows under test stay in the browser) and the
 * weekly-grid helpers shared by the times tests.
 */

export interface CreatedClass {
  class_id: string;
  name: string;
  register_shortcut: string;
}

/** A class with a server-generated registration code (GET generate-register-shortcut, POST classes). */
export async function createClassByApi(request: APIRequestContext, name: string, description: string | null = null): Promise<CreatedClass> {
  const code = await request.get('/api/generate-register-shortcut');
  expect(code.ok(), `generate-register-shortcut: ${await code.text()}`).toBeTruthy();
  const { register_shortcut } = (await code.json()) as { register_shortcut: string };
  const res = await request.post('/api/classes', { data: { name, description, is_group: false, register_shortcut } });
  expect(res.status(), `create class: ${await res.text()}`).toBe(201);
  const created = (await res.json()) as CreatedClass;
  expect(created.register_shortcut).toBe(register_shortcut);
  return created;
}

/** POST students/join-class with the class's registration code. */
export async function joinClassByApi(request: APIRequestContext, registerShortcut: string, duration: number): Promise<void> {
  const res = await request.post('/api/students/join-class', { data: { register_shortcut: registerShortcut, duration } });
  expect(res.ok(), `join-class: ${await res.text()}`).toBeTruthy();
}

// ---- the weekly grid ------------------------------------------------------------------------

/** '9:45' -> '10:00' (the end label of a 15-minute cell). */
function quarterLater(time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const total = h * 60 + m + 15;
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** '9:00' -> '09:00', as cell names say it. */
export function clock(time: string): string {
  return time.padStart(5, '0');
}

/** One 15-minute cell of a grid by the start of its accessible name, e.g. 'Montag 09:00, verfügbar'. */
export function gridCell(grid: Locator, day: DayName, time: string): Locator {
  return grid.getByRole('gridcell', { name: new RegExp(`^${day} ${clock(time)}, `) });
}

/** The start labels of the cells from `from` up to and including `to` ('9:00'..'9:45' -> 4 labels). */
export function quarterHours(from: string, to: string): string[] {
  const out = [from];
  while (out[out.length - 1] !== to) {
    out.push(quarterLater(out[out.length - 1]!));
    if (out.length > 96) throw new Error(`${to} does not follow ${from}`);
  }
  return out;
}

/**
 * Drags with the mouse from one cell to another: press on the first cell, move across the cells
 * in between, release on the last one.
 */
export async function dragAcross(page: Page, from: Locator, to: Locator): Promise<void> {
  // Mid-screen, so the stroke stays clear of the edges where a running drag scrolls the page.
  await from.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
  await from.hover();
  await page.mouse.down();
  const target = await to.boundingBox();
  expect(target, 'the target cell is laid out').not.toBeNull();
  await page.mouse.move(target!.x + target!.width / 2, target!.y + target!.height / 2, { steps: 10 });
  await page.mouse.up();
}

/** The cells of `day` from `from` to `to` (inclusive) are all selected. */
export async function expectSelected(grid: Locator, day: DayName, from: string, to: string, selected = true): Promise<void> {
  for (const time of quarterHours(from, to)) {
    await expect(gridCell(grid, day, time), `${day} ${time}`).toHaveAttribute('aria-selected', String(selected));
  }
}

/** A cookie jar of its own per person, disposed after the set-up. */
export async function withApi<T>(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
  fn: (r: APIRequestContext) => Promise<T>,
): Promise<T> {
  const request = await playwright.request.newContext({ baseURL });
  try {
    return await fn(request);
  } finally {
    await request.dispose();
  }
}
