import type { PlaywrightWorkerArgs } from '@playwright/test';
import type { Person } from './accounts.js';
import { createClassWithTimes, joinAndEnterTimes, memberIdsByName, saveScheduleViaApi, signUpViaApi } from './planner.js';

const MONDAY = 0;

/**
 * A teacher's class open Mondays 9:00-12:00 with one student (free 9:00-10:30) and a saved plan "Wintersemester"
 * that gives the student Monday 9:00-9:45: the screens of both roles have something to show. Answers the class id.
 */
export async function setUpOneLessonClass(
  request: PlaywrightWorkerArgs['playwright']['request'],
  baseURL: string,
  who: { teacher: Person; student: Person; className: string },
): Promise<string> {
  const teacherApi = await signUpViaApi(request, baseURL, who.teacher);
  const created = await createClassWithTimes(teacherApi, who.className, { [MONDAY]: [['9:00', '12:00']] });
  const studentApi = await signUpViaApi(request, baseURL, who.student);
  await joinAndEnterTimes(studentApi, who.student, created.registerShortcut, { [MONDAY]: [['9:00', '10:30']] });
  const lena = (await memberIdsByName(teacherApi, created.classId)).get(who.student.name)!;
  await saveScheduleViaApi(teacherApi, created.classId, 'Wintersemester', {
    [MONDAY]: [
      ['9.00', lena],
      ['9.15', lena],
      ['9.30', lena],
    ],
  });
  await Promise.all([teacherApi.dispose(), studentApi.dispose()]);
  return created.classId;
}
