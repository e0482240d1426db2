// Why a calendar file was not read (without ical.js, so that the service's main thread can tell them apart).

export class NotACalendarError extends Error {}

/** The file asks for more work than an import may take: a cap of calendar-occurrences.ts or the worker's time or memory budget. */
export class CalendarTooComplexError extends Error {}

/** More imports are running and waiting than the service takes at once. */
export class CalendarImportsBusyError extends Error {}
