// What the grid tells screen-reader users: the keyboard help, and each finished edit in a polite live region.
import { DAY_NAMES } from '@stundenplan/timegrid';
import { useCallback, useRef, useState, type MutableRefObject } from 'react';
import { clockTime, type CellRef } from './grid-model';

export const KEYBOARD_HELP =
  'Pfeiltasten wechseln die Zelle, Leertaste schaltet eine Viertelstunde um. Umschalt+Leertaste setzt die erste Ecke eines Bereichs, Leertaste auf der zweiten Ecke markiert ihn, Escape bricht ab.';

/** What an edit announces: 'Montag 09:00 bis 10:30 als verfügbar markiert'. */
export function strokeMessage(a: CellRef, b: CellRef, days: readonly number[], label: string): string {
  const ia = days.indexOf(a.day);
  const ib = days.indexOf(b.day);
  const [first, last] = ia <= ib ? [a.day, b.day] : [b.day, a.day];
  const from = clockTime(Math.min(a.slot, b.slot));
  const to = clockTime(Math.max(a.slot, b.slot) + 1);
  const when = first === last ? `${DAY_NAMES[first]} ${from} bis ${to}` : `${DAY_NAMES[first]} bis ${DAY_NAMES[last]}, ${from} bis ${to}`;
  return `${when} als ${label} markiert`;
}

export interface Announcer {
  /** The text of the live region. */
  announcement: string;
  announce: (message: string) => void;
  /** The state word of a cell after an edit: set or cleared. Read through a ref by the document listeners. */
  stateWord: MutableRefObject<(on: boolean) => string>;
}

/** The polite live region: what the last finished edit did (a repeated message is made to differ, so it is read again). */
export function useAnnouncer(onLabel: string, offLabel: string, clearedLabel: string | undefined): Announcer {
  const [announcement, setAnnouncement] = useState('');
  const announce = useCallback((message: string) => setAnnouncement((prev) => (prev === message ? `${message}\u00a0` : message)), []);
  const stateWord = useRef((on: boolean) => (on ? onLabel : (clearedLabel ?? offLabel)));
  stateWord.current = (on: boolean) => (on ? onLabel : (clearedLabel ?? offLabel));
  return { announcement, announce, stateWord };
}
