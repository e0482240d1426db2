import { assertTeacher, assertUser, parseBody } from '@stundenplan/base';
import { lessons } from '@stundenplan/contracts';
import type { Express } from 'express';
import { withdrawCancellation } from '../domain/cancellation-withdrawal.js';
import type { NotificationDeps } from '../domain/deps.js';
import { cancelDay } from '../domain/lesson-day-cancel.js';
import { MAKEUP_MSG } from '../domain/makeups.js';

/** The texts of a body the contract refuses, in the order the fields are checked (docs/product/semester.md). */
const DAY_BODY = { '': MAKEUP_MSG.body, date: MAKEUP_MSG.date, class_id: MAKEUP_MSG.classId, reason: MAKEUP_MSG.reason };
const WITHDRAW_BODY = { '': MAKEUP_MSG.body, class_id: MAKEUP_MSG.classId, member_id: MAKEUP_MSG.memberId, date: MAKEUP_MSG.date };

/**
 * During the semester (docs/product/semester.md): the teacher cancels a whole day ("Ich bin krank"), and a
 * cancellation is withdrawn while its lesson is still ahead (the teacher, or the student who cancelled).
 */
export function registerCancellationRoutes(app: Express, deps: NotificationDeps): void {
  app.post('/api/lessons/cancel-day', async (req, res) => {
    const teacher = assertTeacher(req);
    res.json(await cancelDay(deps, teacher, parseBody(lessons.cancelDay, req, DAY_BODY)));
  });

  app.post('/api/lessons/withdraw-cancellation', async (req, res) => {
    const user = assertUser(req);
    res.json(await withdrawCancellation(deps, user, parseBody(lessons.withdrawCancellation, req, WITHDRAW_BODY)));
  });
}
