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
