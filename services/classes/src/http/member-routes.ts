import { assertTeacher, parseBody } from '@stundenplan/base';
import { classes } from '@stundenplan/contracts';
import type { Express } from 'express';
import type { Deps } from '../domain/context.js';
import { addNewMembers } from '../domain/add-new-members.js';
import { addRegisteredMembers } from '../domain/add-registered-members.js';
import { inviteStudent } from '../domain/invite-student.js';
import { listMembers } from '../domain/list-members.js';
import { removeMember } from '../domain/remove-member.js';
import { requestMemberTimes } from '../domain/request-times.js';
import { updateMember } from '../domain/update-member.js';
import { MSG } from '../domain/messages.js';
import { checkStudentsExist, searchStudents } from '../domain/students.js';
import { idOrNotFound } from '../domain/validation.js';
import { membersJson } from './members-json.js';
import { INVITATION, MEMBER_UPDATE, NEW_MEMBERS, REGISTERED_MEMBERS, STUDENT_CHECK } from './request-texts.js';

export function registerMemberRoutes(app: Express, deps: Deps): void {
  const classIdOf = (v: unknown) => idOrNotFound(v, MSG.classNotFound);

  app.get('/api/classes/:classId/members', async (req, res) => {
    const teacher = assertTeacher(req);
    const classId = classIdOf(req.params.classId);
    const kept = await deps.reads.memberList.get(
      classId,
      async (track) => {
        const { members, complete } = await listMembers(deps, teacher.userId, classId, track);
        return { value: { teacherId: teacher.userId, json: membersJson(members) }, keep: complete };
      },
      (v) => v.teacherId === teacher.userId,
    );
    res.type('application/json').send(kept.json);
  });

  app.post('/api/classes/:classId/members/new', async (req, res) => {
    const teacher = assertTeacher(req);
    const classId = classIdOf(req.params.classId);
    const { students } = parseBody(classes.addNewMembers, req, NEW_MEMBERS);
    res.status(201).json(await addNewMembers(deps, teacher.userId, classId, students));
  });

  app.post('/api/classes/:classId/members', async (req, res) => {
    const teacher = assertTeacher(req);
    const classId = classIdOf(req.params.classId);
    const { students } = parseBody(classes.addRegisteredMembers, req, REGISTERED_MEMBERS);
    res.status(201).json(await addRegisteredMembers(deps, teacher.userId, classId, students));
  });

  app.put('/api/classes/:classId/members/:memberId/update', async (req, res) => {
    const teacher = assertTeacher(req);
    const classId = classIdOf(req.params.classId);
    const body = parseBody(classes.updateMember, req, MEMBER_UPDATE);
    res.json(await updateMember(deps, teacher.userId, classId, req.params.memberId, body));
  });

  app.delete('/api/classes/:classId/members/:memberId', async (req, res) => {
    const teacher = assertTeacher(req);
    const classId = classIdOf(req.params.classId);
    await removeMember(deps, teacher.userId, classId, req.params.memberId);
    res.json({ message: 'Studierender erfolgreich aus der Klasse entfernt' });
  });

  app.post('/api/classes/:classId/members/:memberId/request-times', async (req, res) => {
    const teacher = assertTeacher(req);
    const classId = classIdOf(req.params.classId);
    const window = () =>
      parseBody(classes.requestTimes, req, {
        '': MSG.requestTimesWindow,
        day: MSG.requestTimesWindow,
        start: MSG.requestTimesWindow,
        end: MSG.requestTimesWindow,
      });
    res.json(await requestMemberTimes(deps, teacher, classId, req.params.memberId, window));
  });

  app.post('/api/classes/:classId/invite-student', async (req, res) => {
    const teacher = assertTeacher(req);
    const classId = classIdOf(req.params.classId);
    res.json(await inviteStudent(deps, teacher, classId, parseBody(classes.inviteStudent, req, INVITATION)));
  });

  app.post('/api/search-students', async (req, res) => {
    const teacher = assertTeacher(req);
    const { query_string } = parseBody(classes.searchStudents, req, { '': MSG.invalidRequest, query_string: MSG.searchLength });
    res.json(await searchStudents(deps, teacher.userId, query_string));
  });

  app.post('/api/check-student-exists', async (req, res) => {
    const teacher = assertTeacher(req);
    res.json(await checkStudentsExist(deps, teacher.userId, parseBody(classes.checkStudentExists, req, STUDENT_CHECK)));
  });
}
