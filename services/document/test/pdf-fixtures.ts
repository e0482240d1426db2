/** Realistic export payloads for the PDF tests (and the visual check). */
import { randomUUID } from 'node:crypto';
import { DAY_NAMES, dayName, slotToClock } from '@stundenplan/timegrid';

export interface Student {
  member_id: string;
  name: string;
  fullName: string;
  duration: number;
  user_id?: string;
}

export const student = (fullName: string, duration = 30, name = `${fullName.split(' ')[0]} ${fullName.split(' ').at(-1)![0]}.`): Student => ({
  member_id: randomUUID(),
  name,
  fullName,
  duration,
});

/** Working form {"Montag": {"09:00": id, ...}} with every slot of each lesson filled. */
export function workingForm(lessons: { student: Student; day: number; start: number }[]): Record<string, Record<string, string>> {
  const schedule: Record<string, Record<string, string>> = Object.fromEntries(DAY_NAMES.map((d) => [d, {}]));
  for (const l of lessons) {
    for (let s = l.start; s < l.start + l.student.duration / 15; s++) schedule[dayName(l.day)]![slotToClock(s)] = l.student.member_id;
  }
  return schedule;
}

/** A music teacher's week: 12 placed students on Mon/Tue/Thu/Fri afternoons, one unplaced. */
export function realisticWeek() {
  const s = [
    student('Anna Müller', 45),
    student('Ben Schröder', 30),
    student('Clara Weiß', 60),
    student('David Öztürk', 30),
    student('Emilia Hoffmann-Leutheusser', 45, 'Emilia H.-L.'),
    student('Felix Bauer', 30),
    student('Greta Schäfer', 45),
    student('Hannes Krüger', 60),
    student('Ida Wagner', 30),
    student('Jonas Becker', 15),
    student('Karla Fischer', 45),
    student('Leon Zimmermann', 30),
    student('Mia Richter', 30),
  ];
  const lessons = [
    { student: s[0], day: 0, start: 56 }, // Mo 14:00–14:45
    { student: s[1], day: 0, start: 59 }, // Mo 14:45–15:15
    { student: s[2], day: 0, start: 64 }, // Mo 16:00–17:00
    { student: s[3], day: 1, start: 52 }, // Di 13:00–13:30
    { student: s[4], day: 1, start: 54 }, // Di 13:30–14:15
    { student: s[5], day: 1, start: 60 }, // Di 15:00–15:30
    { student: s[6], day: 2, start: 66 }, // Mi 16:30–17:15
    { student: s[7], day: 3, start: 56 }, // Do 14:00–15:00
    { student: s[8], day: 3, start: 60 }, // Do 15:00–15:30
    { student: s[9], day: 3, start: 62 }, // Do 15:30–15:45
    { student: s[10], day: 4, start: 68 }, // Fr 17:00–17:45
    { student: s[11], day: 4, start: 71 }, // Fr 17:45–18:15
  ].map((l) => ({ ...l, student: l.student! })); // every index is one of the 12 above
  return {
    students: s,
    payload: {
      schedule: workingForm(lessons),
      timeRange: { start: 48, end: 76 }, // 12:00–19:00
      studentsList: s,
      className: 'Klavier Hauptfach',
    },
  };
}
