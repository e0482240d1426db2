// Public entry of the classes feature: the teacher's and the student's class pages and the students' deadline notices.
export { StudentClassesPage } from './StudentClassesPage';
export { StudentDeadlineNotices, useOwnTimesLocked } from './StudentDeadlineNotices';
export { TeacherClassesPage } from './TeacherClassesPage';
