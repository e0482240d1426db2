// Public entry of the lessons feature: the semester's dates for the student ("Meine Kurse") and the teacher ("Termine").
export { StudentLessons } from './StudentLessons';
export { TeacherDates } from './TeacherDates';
export { ClassLessonTools } from './ClassLessonTools';
export { LessonRulesForm } from './LessonRulesForm';
export { RetryAlert } from './RetryAlert';
