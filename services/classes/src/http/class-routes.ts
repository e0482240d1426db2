import { assertTeacher, parseBody } from '@stundenplan/base';
import { classes } from '@stundenplan/contracts';
import type { Express } from 'express';
import { createClass, deleteClass, generateFreeShortcut, listTeacherClasses, updateClass } from '../domain/classes.js';
import type { Deps } from '../domain/context.js';
import { getDeadline, setDeadline } from '../domain/deadline.js';
import { remindMembers } from '../domain/reminders.js';
import { MSG } from '../domain/messages.js';
import { classDescription, className, idOrNotFound } from '../domain/validation.js';

/** The texts of a class body the contract refuses (docs/product/classes.md). */
const CLASS_BODY = { '': MSG.invalidRequest, name: MSG.classNameRequired, description: MSG.invalidRequest };
const DEADLINE_BODY = {
  '': MSG.invalidRequest,
  deadline: (v: unknown) => (v === undefined ? MSG.deadlineRequired : MSG.deadlineFormat),
  allow_late_changes: MSG.allowLateChangesType,
  auto_reminders: MSG.autoRemindersType,
};

export function registerClassRoutes(app: Express, deps: Deps): void {
  app.get('/api/me/classes', async (req, res) => {
    const teacher = assertTeacher(req);
    const json = await deps.reads.classList.get(teacher.userId, async (track) => {
      const { classes, complete } = await listTeacherClasses(deps, teacher.userId, track);
      return { value: JSON.stringify({ classes }), keep: complete };
    });
    res.type('application/json').send(json);
  });

  app.get('/api/generate-register-shortcut', async (req, res) => {
    assertTeacher(req);
    res.json({ register_shortcut: await generateFreeShortcut(deps) });
  });

  app.post('/api/classes', async (req, res) => {
    const teacher = assertTeacher(req);
    const body = parseBody(classes.createClass, req, CLASS_BODY);
    const created = await createClass(deps, teacher.userId, {
      name: className(body.name),
      description: classDescription(body.description),
      isGroup: body.is_group === true,
      registerShortcut: body.register_shortcut,
    });
    res.status(201).json(created);
  });

  app.put('/api/classes/:classId', async (req, res) => {
    const teacher = assertTeacher(req);
    const classId = idOrNotFound(req.params.classId, MSG.classNotFound);
    const body = parseBody(classes.updateClass, req, CLASS_BODY);
    const input = { name: className(body.name), description: body.description === undefined ? undefined : classDescription(body.description) };
    res.json(await updateClass(deps, teacher.userId, classId, input));
  });

  app.get('/api/classes/:classId/deadline', async (req, res) => {
    const teacher = assertTeacher(req);
    const classId = idOrNotFound(req.params.classId, MSG.classNotFound);
    res.json(await getDeadline(deps, teacher.userId, classId));
  });

  app.put('/api/classes/:classId/deadline', async (req, res) => {
    const teacher = assertTeacher(req);
    const classId = idOrNotFound(req.params.classId, MSG.classNotFound);
    res.json({ ...(await setDeadline(deps, teacher.userId, classId, parseBody(classes.setDeadline, req, DEADLINE_BODY))), message: MSG.deadlineSaved });
  });

  app.post('/api/classes/:classId/remind', async (req, res) => {
    const teacher = assertTeacher(req);
    const classId = idOrNotFound(req.params.classId, MSG.classNotFound);
    res.json(await remindMembers(deps, teacher, classId));
  });

  app.delete('/api/classes/:classId', async (req, res) => {
    const teacher = assertTeacher(req);
    const classId = idOrNotFound(req.params.classId, MSG.classNotFound);
    await deleteClass(deps, teacher.userId, classId);
    res.json({ message: 'Klasse erfolgreich gelöscht' });
  });
}
