export { extractCustom, extractHmtm, parseEmail, parseMapping, splitName, MAX_STUDENTS, type CsvStudent, type CustomMapping } from './extract.js';
export { decodeCsv } from './decode.js';
export { CSV_MSG } from './messages.js';
