// Checks every request passes before a handler sees it, shared by the services' HTTP edge
// (http.ts) and the gateway, so bad input is a German 400 in one place and never a 5xx.
import { hasControlCharacters } from './text.js';

/** Deepest nesting of objects and arrays a JSON body may have; real bodies stay below 6. */
export const MAX_JSON_DEPTH = 64;

export const INPUT_MESSAGES = {
  controlCharacters: 'Ungültige Zeichen in der Anfrage.',
  tooDeep: `Die Anfrage ist zu tief verschachtelt (höchstens ${MAX_JSON_DEPTH} Ebenen).`,
  badPath: 'Ungültige Anfrage',
} as const;

/**
 * True when the JSON text nests objects/arrays deeper than `max`. A linear scan that needs no
 * parse, so a 5000-deep body is refused before anything recurses over it.
 */
export function jsonTooDeep(text: string | Buffer, max: number = MAX_JSON_DEPTH): boolean {
  const s = typeof text === 'string' ? text : text.toString('utf8');
  let depth = 0;
  let inString = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** A high surrogate without its low half, or a low one without its high half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A control character, or a lone UTF-16 surrogate (JSON may escape one, "\ud800"; it is no character,
 * and PostgreSQL refuses it in JSON, e.g. an event payload).
 */
const badText = (s: string): boolean => hasControlCharacters(s) || LONE_SURROGATE.test(s);

/** True when any string or key in a parsed JSON value (or query object) holds a control character or a lone surrogate. */
export function containsControlCharacters(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (badText(v)) return true;
    } else if (Array.isArray(v)) {
      stack.push(...(v as unknown[]));
    } else if (v && typeof v === 'object') {
      for (const [k, inner] of Object.entries(v)) {
        if (badText(k)) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}

/** True when a raw URL path holds a control character (C0 or DEL), literally or percent-encoded. */
export function pathHasControlCharacters(rawPath: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f]|%(?:[01][0-9a-f]|7f)/i.test(rawPath);
}

/** True when a raw query string (without "?") holds a control character once decoded. */
export function queryHasControlCharacters(rawQuery: string): boolean {
  if (!rawQuery) return false;
  for (const [k, v] of new URLSearchParams(rawQuery)) if (hasControlCharacters(k) || hasControlCharacters(v)) return true;
  return false;
}
