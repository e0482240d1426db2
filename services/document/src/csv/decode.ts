import { AppError } from '@stundenplan/base';
import iconv from 'iconv-lite';
import { CSV_MSG } from './messages.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Bytes of an uploaded CSV to text: UTF-8 with or without BOM, UTF-16 with BOM, otherwise
 * Windows-1252 (what Excel and older exports write) when the bytes are not valid UTF-8.
 * Binary files are refused (NUL bytes or many control characters), never guessed at.
 */
export function decodeCsv(buf: Buffer): string {
  if (buf.length === 0) throw AppError.badRequest(CSV_MSG.empty);
  let text: string;
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
    text = decodeUtf8OrLatin(buf.subarray(3));
  } else if (buf[0] === 0xff && buf[1] === 0xfe) {
    text = iconv.decode(buf.subarray(2), 'utf16le');
  } else if (buf[0] === 0xfe && buf[1] === 0xff) {
    text = iconv.decode(buf.subarray(2), 'utf16be');
  } else {
    if (buf.includes(0)) throw AppError.badRequest(CSV_MSG.binary);
    text = decodeUtf8OrLatin(buf);
  }
  if (!text.trim()) throw AppError.badRequest(CSV_MSG.empty);
  if (looksBinary(text)) throw AppError.badRequest(CSV_MSG.binary);
  return text;
}

function decodeUtf8OrLatin(buf: Buffer): string {
  try {
    return utf8.decode(buf);
  } catch {
    return iconv.decode(buf, 'win1252');
  }
}

/** Control characters other than tab/CR/LF, and replacement characters, in more than 1% of the text. */
function looksBinary(text: string): boolean {
  const sample = text.length > 200_000 ? text.slice(0, 200_000) : text;
  let bad = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f || c === 0xfffd || (c >= 0x80 && c <= 0x9f)) bad++;
  }
  return bad > Math.max(2, sample.length * 0.01);
}
