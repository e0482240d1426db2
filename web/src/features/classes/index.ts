// Public entry of the classes feature: the teacher's and the student's class pages.
export { StudentClassesPage } from './StudentClassesPage';
export { TeacherClassesPage } from './TeacherClassesPage';
