import { assertStudent, assertTeacher, assertUser, parseBody, parseQuery } from '@stundenplan/base';
import { answerFor, swaps } from '@stundenplan/contracts';
import type { Express } from 'express';
import { classIdOf } from '../domain/class-id.js';
import type { NotificationDeps } from '../domain/deps.js';
import { classSwapRequests, mySwapRequests, swapDates } from '../domain/swap-lists.js';
import { acceptSwapRequest, approveSwapRequest, createSwapRequest, declineSwapRequest, swapOptions, SWAP_MSG } from '../domain/swap-requests.js';

/** The texts of a request the contract refuses, in the order the fields are checked (docs/product/semester.md "Swaps"). */
const OPTIONS_QUERY = { class_id: SWAP_MSG.classId, member_id: SWAP_MSG.memberId, date: SWAP_MSG.date };
const REQUEST_BODY = {
  '': SWAP_MSG.classId,
  class_id: SWAP_MSG.classId,
  member_id: SWAP_MSG.memberId,
  with_member_id: SWAP_MSG.withMemberId,
  date: SWAP_MSG.date,
};

/** Swaps between two students of a class (docs/product/semester.md "Swaps"). */
export function registerSwapRoutes(app: Express, deps: NotificationDeps): void {
  app.get('/api/lessons/swap-options', async (req, res) => {
    const student = assertStudent(req);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(answerFor(swaps.swapOptions, await swapOptions(deps, student, parseQuery(swaps.swapOptions, req, OPTIONS_QUERY))));
  });

  app.post('/api/lessons/swap-requests', async (req, res) => {
    const student = assertStudent(req);
    const asked = await createSwapRequest(deps, student, parseBody(swaps.createSwapRequest, req, REQUEST_BODY));
    res.status(201).json(answerFor(swaps.createSwapRequest, asked));
  });

  app.post('/api/lessons/swap-requests/:requestId/accept', async (req, res) => {
    const student = assertStudent(req);
    res.json(answerFor(swaps.acceptSwapRequest, await acceptSwapRequest(deps, student, req.params.requestId)));
  });

  app.post('/api/lessons/swap-requests/:requestId/decline', async (req, res) => {
    const user = assertUser(req);
    res.json(answerFor(swaps.declineSwapRequest, await declineSwapRequest(deps, user, req.params.requestId)));
  });

  app.post('/api/lessons/swap-requests/:requestId/approve', async (req, res) => {
    const teacher = assertTeacher(req);
    res.json(answerFor(swaps.approveSwapRequest, await approveSwapRequest(deps, teacher, req.params.requestId)));
  });

  app.get('/api/me/swap-dates', async (req, res) => {
    const student = assertStudent(req);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(answerFor(swaps.swapDates, await swapDates(deps, student)));
  });

  app.get('/api/me/swap-requests', async (req, res) => {
    const student = assertStudent(req);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(answerFor(swaps.mySwapRequests, await mySwapRequests(deps, student)));
  });

  app.get('/api/classes/:classId/swap-requests', async (req, res) => {
    const teacher = assertTeacher(req);
    const classId = classIdOf(String(req.params.classId));
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(answerFor(swaps.classSwapRequests, await classSwapRequests(deps, teacher.userId, classId)));
  });
}
