/**
 * Widths of the PDF's texts, worked out before Chromium lays them out: the template picks font sizes and column
 * widths with them so that a clock or date text is never cut or drawn over its neighbour.
 */
export const PT_PER_MM = 72 / 25.4;

/** Advance widths in em of DejaVu Sans Condensed (the PDF's font), with a margin for the fallbacks. */
const EM = Object.freeze({ digit: 0.573, colon: 0.303, dash: 0.5, safety: 1.06 });
/** Width in em of a clock text such as "09:00–10:00", "09:00–" or "09:00". */
export function clockTextEm(text: string): number {
  let em = 0;
  for (const c of text) em += /\d/.test(c) ? EM.digit : c === ':' ? EM.colon : EM.dash;
  return em * EM.safety;
}

/** Advance widths in em of the other characters of a date text ("Mi 06.01.2027", "21.12.2026–06.01.2027"). */
const DATE_EM = Object.freeze({ dot: 0.29, space: 0.29, capital: 0.8, letter: 0.62 });
const dateCharEm = (c: string): number => {
  if (/\d/.test(c)) return EM.digit;
  if (c === '.') return DATE_EM.dot;
  if (c === ' ') return DATE_EM.space;
  if (c === '–') return EM.dash;
  return /[A-ZÄÖÜ]/.test(c) ? DATE_EM.capital : DATE_EM.letter;
};
/** Width in em of a date text of the days without lessons. */
export function dateTextEm(text: string): number {
  let em = 0;
  for (const c of text) em += dateCharEm(c);
  return em * EM.safety;
}

/** Rough advance widths in em of DejaVu Sans Condensed Bold (the block names), on the wide side. */
const BOLD_EM = Object.freeze({ narrow: 0.38, wide: 0.95, capital: 0.78, digit: 0.63, letter: 0.62, safety: 1.08 });
const boldCharEm = (c: string): number => {
  if (/[iljtfr.,:;'!|()\- ]/.test(c)) return BOLD_EM.narrow;
  if (/[mwMW]/.test(c)) return BOLD_EM.wide;
  if (/\d/.test(c)) return BOLD_EM.digit;
  return /[A-ZÄÖÜ]/.test(c) ? BOLD_EM.capital : BOLD_EM.letter;
};
/** Width in em of a bold name. */
function boldTextEm(text: string): number {
  let em = 0;
  for (const c of text) em += boldCharEm(c);
  return em * BOLD_EM.safety;
}

/** Lines a bold text takes when it wraps at its spaces in `lineEm` (a word wider than a line is broken anywhere). */
export function boldLines(text: string, lineEm: number): number {
  let lines = 1;
  let used = 0;
  for (const word of text.split(' ')) {
    const em = boldTextEm(word);
    const space = used > 0 ? boldTextEm(' ') : 0;
    if (used > 0 && used + space + em <= lineEm) {
      used += space + em;
      continue;
    }
    if (used > 0) lines++;
    lines += Math.max(0, Math.ceil(em / lineEm) - 1);
    used = em - (Math.ceil(em / lineEm) - 1) * lineEm;
  }
  return lines;
}
