export { CalendarImportPanel, CALENDAR_TEXTS, type CalendarImportPanelProps } from './CalendarImportPanel';
export { busyNamesIn, freeTimes, rowsWindow, type BusyWeek } from './calendar-import';
