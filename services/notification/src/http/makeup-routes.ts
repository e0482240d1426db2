import { assertStudent, assertTeacher, assertUser, parseBody, parseQuery } from '@stundenplan/base';
import { lessons } from '@stundenplan/contracts';
import type { Express } from 'express';
import type { NotificationDeps } from '../domain/deps.js';
import { bookMakeup } from '../domain/makeup-booking.js';
import { cancelLesson } from '../domain/makeup-cancellation.js';
import { makeupSuggestions, SUGGESTIONS_LIMIT_MSG } from '../domain/makeup-suggestions.js';
import { classMakeups, getLessonRules, MAKEUP_MSG, myMakeups, setLessonRules } from '../domain/makeups.js';

/** The texts of a body the contract refuses, in the order the fields are checked (docs/product/semester.md). */
const RULES_BODY = {
  '': MAKEUP_MSG.body,
  cancel_notice_hours: MAKEUP_MSG.noticeHours,
  makeup_weeks: MAKEUP_MSG.makeupWeeks,
  swaps_need_approval: MAKEUP_MSG.swapsApproval,
};
const CANCEL_BODY = { '': MAKEUP_MSG.body, class_id: MAKEUP_MSG.classId, member_id: MAKEUP_MSG.memberId, date: MAKEUP_MSG.date, reason: MAKEUP_MSG.reason };
const BOOK_BODY = { '': MAKEUP_MSG.body, date: MAKEUP_MSG.date, start: MAKEUP_MSG.start };

/**
 * During the semester (docs/product/semester.md): the class's lesson rules (owner), cancelling one dated lesson
 * (its teacher or its student), the make-ups of a class (owner) and of the caller (student), a make-up's
 * suggestions and its booking (its teacher or its student).
 */
export function registerMakeupRoutes(app: Express, deps: NotificationDeps): void {
  app.get('/api/classes/:classId/lesson-rules', async (req, res) => {
    const teacher = assertTeacher(req);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await getLessonRules(deps, teacher.userId, String(req.params.classId)));
  });

  app.put('/api/classes/:classId/lesson-rules', async (req, res) => {
    const teacher = assertTeacher(req);
    res.json(await setLessonRules(deps, teacher.userId, String(req.params.classId), () => parseBody(lessons.setLessonRules, req, RULES_BODY)));
  });

  app.post('/api/lessons/cancel', async (req, res) => {
    const user = assertUser(req);
    res.json(await cancelLesson(deps, user, parseBody(lessons.cancelLesson, req, CANCEL_BODY)));
  });

  app.get('/api/classes/:classId/makeups', async (req, res) => {
    const teacher = assertTeacher(req);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await classMakeups(deps, teacher.userId, String(req.params.classId)));
  });

  app.get('/api/me/makeups', async (req, res) => {
    const student = assertStudent(req);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await myMakeups(deps, student.userId));
  });

  app.get('/api/makeups/:makeupId/suggestions', async (req, res) => {
    const user = assertUser(req);
    res.setHeader('Cache-Control', 'private, no-store');
    const { limit } = parseQuery(lessons.makeupSuggestions, req, { limit: SUGGESTIONS_LIMIT_MSG });
    res.json(await makeupSuggestions(deps, user, String(req.params.makeupId), limit ? Number(limit) : undefined));
  });

  app.post('/api/makeups/:makeupId/book', async (req, res) => {
    const user = assertUser(req);
    res.json(await bookMakeup(deps, user, String(req.params.makeupId), () => parseBody(lessons.bookMakeup, req, BOOK_BODY)));
  });
}
