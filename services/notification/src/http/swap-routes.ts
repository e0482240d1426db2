import { AppError, assertStudent, assertTeacher, assertUser, isUuid } from '@stundenplan/base';
import type { Express } from 'express';
import { CLASSES_MSG } from '../clients/classes-client.js';
import type { NotificationDeps } from '../domain/deps.js';
import {
  acceptSwapRequest,
  approveSwapRequest,
  classSwapRequests,
  createSwapRequest,
  declineSwapRequest,
  mySwapRequests,
  swapOptions,
} from '../domain/swap-requests.js';

const body = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** Swaps between two students of a class (docs/product/semester.md "Swaps"). */
export function registerSwapRoutes(app: Express, deps: NotificationDeps): void {
  app.get('/api/lessons/swap-options', async (req, res) => {
    const student = assertStudent(req);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await swapOptions(deps, student, req.query as Record<string, unknown>));
  });

  app.post('/api/lessons/swap-requests', async (req, res) => {
    const student = assertStudent(req);
    res.status(201).json(await createSwapRequest(deps, student, body(req.body)));
  });

  app.post('/api/lessons/swap-requests/:requestId/accept', async (req, res) => {
    const student = assertStudent(req);
    res.json(await acceptSwapRequest(deps, student, req.params.requestId));
  });

  app.post('/api/lessons/swap-requests/:requestId/decline', async (req, res) => {
    const user = assertUser(req);
    res.json(await declineSwapRequest(deps, user, req.params.requestId));
  });

  app.post('/api/lessons/swap-requests/:requestId/approve', async (req, res) => {
    const teacher = assertTeacher(req);
    res.json(await approveSwapRequest(deps, teacher, req.params.requestId));
  });

  app.get('/api/me/swap-requests', async (req, res) => {
    const student = assertStudent(req);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await mySwapRequests(deps, student));
  });

  app.get('/api/classes/:classId/swap-requests', async (req, res) => {
    const teacher = assertTeacher(req);
    const classId = String(req.params.classId);
    if (!isUuid(classId)) throw AppError.notFound(CLASSES_MSG.notFound);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await classSwapRequests(deps, teacher.userId, classId.toLowerCase()));
  });
}
