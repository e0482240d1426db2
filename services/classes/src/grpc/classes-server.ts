import { AppError, isUuid, wrapUnary, type GrpcServiceBinding, type Logger } from '@stundenplan/base';
import { classesV1 } from '@stundenplan/proto';
import { assertOwnsClass } from '../domain/classes.js';
import type { Deps } from '../domain/context.js';
import { deadlineString } from '../domain/deadline.js';
import { MSG } from '../domain/messages.js';
import { membershipsOfUser } from '../data/hot-reads.js';
import { findClassByShortcut, withTeacher, type ClassWithTeacher } from '../domain/registration.js';
import type { Member } from '../generated/prisma/client.js';

function classInfo(c: ClassWithTeacher): classesV1.ClassInfo {
  return {
    classId: c.cls.classId,
    name: c.cls.name,
    description: c.cls.description ?? '',
    isGroup: c.cls.isGroup,
    registerShortcut: c.cls.registerShortcut,
    teacherId: c.cls.teacherId,
    teacherName: c.teacherName ?? '',
    institutionName: c.institutionName ?? '',
    deadline: deadlineString(c.cls.deadline) ?? '',
    allowLateChanges: c.cls.allowLateChanges,
  };
}

function member(m: Member): classesV1.Member {
  return {
    memberId: m.memberId,
    classId: m.classId,
    userId: m.userId ?? '',
    studentId: m.studentId ?? '',
    name: m.name,
    email: m.email ?? '',
    duration: m.duration,
  };
}

/** Class by id; with teacher_id the same ownership rule as HTTP: NOT_FOUND / PERMISSION_DENIED. */
async function loadClass(deps: Deps, classId: string, teacherId: string) {
  if (!isUuid(classId)) throw AppError.notFound(MSG.classNotFound);
  const id = classId.toLowerCase();
  if (teacherId) return assertOwnsClass(deps.db, id, teacherId);
  const c = await deps.db.class.findUnique({ where: { classId: id } });
  if (!c) throw AppError.notFound(MSG.classNotFound);
  return c;
}

export function classesGrpc(deps: Deps, log: Logger): GrpcServiceBinding {
  const implementation = {
    getClass: wrapUnary<classesV1.GetClassRequest, classesV1.GetClassResponse>(log, async (req) => {
      const c = await loadClass(deps, req.classId, req.teacherId);
      return { classInfo: classInfo(await withTeacher(deps, c)) };
    }),
    listMembers: wrapUnary<classesV1.ListMembersRequest, classesV1.ListMembersResponse>(log, async (req) => {
      const c = await loadClass(deps, req.classId, req.teacherId);
      const rows = await deps.db.member.findMany({ where: { classId: c.classId }, orderBy: [{ createdAt: 'asc' }, { memberId: 'asc' }] });
      return { members: rows.map(member) };
    }),
    listMemberships: wrapUnary<classesV1.ListMembershipsRequest, classesV1.ListMembershipsResponse>(log, async (req) => {
      if (!req.userId) throw AppError.badRequest('user_id fehlt');
      // Asked on every save of a student's times (availability checks the window): one statement.
      const rows = await membershipsOfUser(deps.pool, req.userId);
      return { memberships: rows.map((r) => ({ member: member(r.member), classInfo: classInfo(r) })) };
    }),
    getClassByShortcut: wrapUnary<classesV1.GetClassByShortcutRequest, classesV1.GetClassByShortcutResponse>(log, async (req) => {
      const c = await findClassByShortcut(deps, req.registerShortcut);
      if (!c) throw AppError.notFound(MSG.shortcutInvalid);
      return { classInfo: classInfo(await withTeacher(deps, c)) };
    }),
    getMember: wrapUnary<classesV1.GetMemberRequest, classesV1.GetMemberResponse>(log, async (req) => {
      if (!isUuid(req.memberId)) throw AppError.notFound(MSG.memberNotFound);
      const m = await deps.db.member.findUnique({ where: { memberId: req.memberId.toLowerCase() } });
      if (!m || (req.classId && m.classId !== req.classId.toLowerCase())) throw AppError.notFound(MSG.memberNotFound);
      return { member: member(m) };
    }),
  };
  return { definition: classesV1.ClassesServiceService, implementation };
}
