import { hasForbiddenNameCharacters, hasVisibleText } from '@stundenplan/base';
import { daysBetween, GERMAN_STATES, isDeadlineDate, isGermanState } from '@stundenplan/timegrid';
import { z } from 'zod';

/** docs/product/semester.md: the body of PUT /api/classes/{classId}/semester and its German refusals. */

const SEMESTER_MAX_DAYS = 400;
export const SEMESTER_MAX_BREAKS = 30;
const BREAK_LABEL_MAX = 100;

export const SEMESTER_MSG = {
  invalidRequest: 'Ungültige Anfrage',
  firstDay: 'Der erste Tag des Semesters muss ein gültiges Datum im Format JJJJ-MM-TT sein.',
  lastDay: 'Der letzte Tag des Semesters muss ein gültiges Datum im Format JJJJ-MM-TT sein.',
  order: 'Der erste Tag des Semesters darf nicht nach dem letzten Tag liegen.',
  tooLong: `Ein Semester darf höchstens ${SEMESTER_MAX_DAYS} Tage lang sein.`,
  state: `Bitte wähle ein Bundesland: ${GERMAN_STATES.join(', ')}.`,
  breaks: 'Die Ferien müssen eine Liste von Zeiträumen mit from, to und label sein.',
  tooManyBreaks: `Ein Semester darf höchstens ${SEMESTER_MAX_BREAKS} Ferienzeiträume haben.`,
  breakDate: 'Beginn und Ende der Ferien müssen gültige Daten im Format JJJJ-MM-TT sein.',
  breakLabel: `Bitte gib jedem Ferienzeitraum eine Bezeichnung (höchstens ${BREAK_LABEL_MAX} Zeichen).`,
  breakOrder: (label: string) => `Die Ferien „${label}“ dürfen nicht nach ihrem Ende beginnen.`,
  breakOutside: (label: string) => `Die Ferien „${label}“ müssen innerhalb des Semesters liegen.`,
  saved: 'Semester gespeichert',
  removed: 'Semester entfernt',
} as const;

const day = (msg: string) => z.custom<string>((v) => isDeadlineDate(v), { error: msg });

const breakSchema = z.object(
  {
    from: day(SEMESTER_MSG.breakDate),
    to: day(SEMESTER_MSG.breakDate),
    label: z
      .string({ error: SEMESTER_MSG.breakLabel })
      .trim()
      .min(1, SEMESTER_MSG.breakLabel)
      .max(BREAK_LABEL_MAX, SEMESTER_MSG.breakLabel)
      // One line: the label is shown as the reason of a lesson that falls out.
      .refine((v) => hasVisibleText(v) && !hasForbiddenNameCharacters(v), SEMESTER_MSG.breakLabel),
  },
  { error: SEMESTER_MSG.breaks },
);

/** Field by field in the order of the body; then the rules between fields. */
export const semesterSchema = z
  .object(
    {
      first_day: day(SEMESTER_MSG.firstDay),
      last_day: day(SEMESTER_MSG.lastDay),
      state: z.custom<string>((v) => isGermanState(v), { error: SEMESTER_MSG.state }),
      breaks: z.array(breakSchema, { error: SEMESTER_MSG.breaks }).max(SEMESTER_MAX_BREAKS, SEMESTER_MSG.tooManyBreaks).default([]),
    },
    { error: SEMESTER_MSG.invalidRequest },
  )
  .superRefine((s, ctx) => {
    if (s.first_day > s.last_day) return void ctx.addIssue({ code: 'custom', message: SEMESTER_MSG.order });
    if (daysBetween(s.first_day, s.last_day) + 1 > SEMESTER_MAX_DAYS) return void ctx.addIssue({ code: 'custom', message: SEMESTER_MSG.tooLong });
    for (const b of s.breaks) {
      if (b.from > b.to) return void ctx.addIssue({ code: 'custom', message: SEMESTER_MSG.breakOrder(b.label) });
      if (b.from < s.first_day || b.to > s.last_day) return void ctx.addIssue({ code: 'custom', message: SEMESTER_MSG.breakOutside(b.label) });
    }
  });
