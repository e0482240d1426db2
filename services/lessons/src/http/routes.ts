import type { Express } from 'express';
import type { LessonsDeps } from '../domain/deps.js';

/** The timeline's endpoints move here from the notification service (docs/adr/0031-lessons-service.md, step 2). */
export function registerRoutes(_app: Express, _deps: LessonsDeps): void {}
