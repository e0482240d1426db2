import { expect } from 'vitest';
import { TimegridError, WeekSlots, type TimegridErrorCode } from '../src/index.js';

/** Shared by the WeekSlots tests: the thrown error's code (and message), and a week from [day, start, end] slot ranges. */
export function expectTimegridError(fn: () => unknown, code: TimegridErrorCode, message?: string): void {
  let thrown: unknown;
  try {
    fn();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(TimegridError);
  expect((thrown as TimegridError).code).toBe(code);
  if (message !== undefined) expect((thrown as TimegridError).message).toBe(message);
}

export const week = (ranges: Array<[number, number, number]>): WeekSlots => WeekSlots.fromRanges(ranges.map(([day, start, end]) => ({ day, start, end })));
