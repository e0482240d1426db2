import { assertStudent, parseBody, parseQuery } from '@stundenplan/base';
import { classes } from '@stundenplan/contracts';
import type { Express } from 'express';
import type { Deps } from '../domain/context.js';
import { validateMemberId, validateRegisterShortcut } from '../domain/registration.js';
import { MSG } from '../domain/messages.js';
import { joinClass, leaveClass, verifyClass } from '../domain/students.js';
import { MEMBER_ID_QUERY, SHORTCUT_QUERY, VERIFICATION } from './request-texts.js';

/** The texts of a join body the contract refuses (docs/product/classes.md). */
const JOIN_BODY = { '': MSG.invalidRequest, register_shortcut: MSG.codeRequired, duration: MSG.duration };

export function registerStudentRoutes(app: Express, deps: Deps): void {
  app.post('/api/students/join-class', async (req, res) => {
    const student = assertStudent(req);
    res.json(await joinClass(deps, student, parseBody(classes.joinClass, req, JOIN_BODY)));
  });

  app.post('/api/students/verify-class', async (req, res) => {
    const student = assertStudent(req);
    res.json(await verifyClass(deps, student, parseBody(classes.verifyClass, req, VERIFICATION)));
  });

  app.delete('/api/students/leave-class/:memberId', async (req, res) => {
    const student = assertStudent(req);
    res.json(await leaveClass(deps, student, req.params.memberId));
  });

  // Public: the registration page checks the code and the memberId before anyone has an account.
  app.get('/api/auth/validate-register-shortcut/:shortcut', async (req, res) => {
    const query = parseQuery(classes.validateRegisterShortcut, req, SHORTCUT_QUERY);
    res.json(await validateRegisterShortcut(deps, req.params.shortcut, query.memberId ?? query.member_id));
  });

  app.get('/api/auth/validate-member-id', async (req, res) => {
    const query = parseQuery(classes.validateMemberId, req, MEMBER_ID_QUERY);
    res.json(await validateMemberId(deps, query.member_id, query.class_id));
  });
}
