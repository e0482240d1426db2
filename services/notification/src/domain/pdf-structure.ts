// Enough of the PDF file structure (ISO 32000-1 §7.5) to tell a real PDF from a file that merely
// starts with "%PDF-": header, a cross-reference section that `startxref` points at, and the end marker.

const HEADER = /^%PDF-[12]\.\d/;
/** The end of a PDF: "startxref", the byte offset of the last cross-reference section, "%%EOF". */
const TRAILER_END = /startxref\s+(\d{1,10})\s+%%EOF\s*$/;
/** How far from the end the trailer may start (incremental updates, trailing line ends). */
const TAIL_BYTES = 2048;

/** True when the buffer has a PDF header, a `startxref` whose offset points at an xref table (with a trailer) or an xref stream object, and `%%EOF`. */
export function isWellFormedPdf(file: Buffer): boolean {
  if (file.length < 64) return false;
  if (!HEADER.test(file.subarray(0, 9).toString('latin1'))) return false;
  const tail = file.subarray(Math.max(0, file.length - TAIL_BYTES)).toString('latin1');
  const m = TRAILER_END.exec(tail);
  if (!m) return false;
  const offset = Number(m[1]);
  const trailerAt = file.length - tail.length + m.index;
  if (!Number.isSafeInteger(offset) || offset < 9 || offset >= trailerAt) return false;
  const at = file.subarray(offset, Math.min(file.length, offset + 64)).toString('latin1');
  if (/^xref\s/.test(at)) {
    // A classic cross-reference table: "xref", subsections "first count", then "trailer << ... >>".
    if (!/^xref\s+\d+\s+\d+\s/.test(at)) return false;
    return file.subarray(offset, trailerAt).includes('trailer', 0, 'latin1');
  }
  // A cross-reference stream (PDF 1.5+): an indirect object "n g obj" of /Type /XRef.
  if (!/^\d+\s+\d+\s+obj\b/.test(at)) return false;
  const obj = file.subarray(offset, Math.min(trailerAt, offset + 4096)).toString('latin1');
  return /\/Type\s*\/XRef\b/.test(obj);
}
