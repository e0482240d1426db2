// Public entry of the availability feature: the student's times page and the weekly time grid the scheduling steps
// reuse. Other features import only from here.
export { StudentTimesPage } from './StudentTimesPage';
export * from './grid';
export { GridWithToolbar, TimesToolbar, type TimesToolbarProps } from './TimesToolbar';
export * from './calendar';
