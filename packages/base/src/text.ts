// Checks on user-supplied free text shared by every service and the gateway.

// Characters that render as nothing on their own: whitespace, zero-width and
// bidi controls, other format characters (Cf) and combining marks (M).
const INVISIBLE = /[\s\p{Cf}\p{M}\u200B-\u200D\u2060\uFEFF\u200E\u200F\u202A-\u202E\u2066-\u2069\u115F\u1160\u3164\uFFA0]/gu;

// C0 controls except tab, line feed and carriage return, plus DEL.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** True when the text contains at least one character a reader can see. */
export function hasVisibleText(s: string): boolean {
  return s.replace(INVISIBLE, '').length > 0;
}

/** True when the text contains a C0 control character (other than \t, \n, \r) or DEL. */
export function hasControlCharacters(s: string): boolean {
  return CONTROL.test(s);
}

// What a one-line name (class, member, schedule) must not contain: line breaks and every other control
// (C0, DEL, C1), line and paragraph separators, bidi controls and other invisible format characters (Cf:
// zero-width spaces and joiners, U+202E and friends), and the letters that render as nothing (fillers).
// Account names never contain them either (auth allows only letters, marks, hyphens, apostrophes and single spaces).
const NOT_IN_NAMES = /[\p{Cc}\p{Cf}\u2028\u2029\u115F\u1160\u3164\uFFA0]/u;

/** The German detail for a name with a character of NOT_IN_NAMES. */
export const NAME_CHARACTERS_DETAIL = 'Der Name darf keine Zeilenumbrüche, Steuerzeichen oder unsichtbaren Zeichen enthalten';

/** True when a one-line name contains a line break, control, bidi or other invisible character. */
export function hasForbiddenNameCharacters(s: string): boolean {
  return NOT_IN_NAMES.test(s);
}
