import { AppError, wrapUnary, type GrpcServiceBinding, type Logger } from '@stundenplan/base';
import { classesV1 } from '@stundenplan/proto';
import { findClassSchool } from '../domain/class-school.js';
import { findClass, findMember, listClassMembers, listMemberships } from '../domain/class-queries.js';
import type { Deps } from '../domain/context.js';
import { deadlineString } from '../domain/deadline.js';
import { memberFrequency, memberSchoolFields, type Member } from '../domain/dto.js';
import { MSG } from '../domain/messages.js';
import { findClassByShortcut, withTeacher, type ClassWithTeacher } from '../domain/registration.js';
import { listSemesters } from '../domain/semester.js';

type SchoolRow = Awaited<ReturnType<typeof findClassSchool>>;

/** ClassInfo.school: absent when the class has no school. */
function classSchool(row: SchoolRow): classesV1.ClassSchool | undefined {
  return row ? { schoolId: row.schoolId, siteIds: row.sites, needs: row.needs } : undefined;
}

function classInfo(c: ClassWithTeacher, school: SchoolRow): classesV1.ClassInfo {
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
    teacherEmail: c.teacherEmail ?? '',
    school: classSchool(school),
  };
}

function member(m: Member): classesV1.Member {
  // Absent lists = the class's needs and sites (docs/product/school.md).
  const own = memberSchoolFields(m);
  return {
    memberId: m.memberId,
    classId: m.classId,
    userId: m.userId ?? '',
    studentId: m.studentId ?? '',
    name: m.name,
    email: m.email ?? '',
    duration: m.duration,
    frequency: memberFrequency(m),
    needs: own.needs === null ? undefined : { values: own.needs },
    siteIds: own.sites === null ? undefined : { values: own.sites },
    family: own.family ?? '',
  };
}

export function classesGrpc(deps: Deps, log: Logger): GrpcServiceBinding {
  const implementation = {
    getClass: wrapUnary<classesV1.GetClassRequest, classesV1.GetClassResponse>(log, async (req) => {
      const c = await findClass(deps, req.classId, req.teacherId);
      return { classInfo: classInfo(await withTeacher(deps, c), await findClassSchool(deps, c.classId)) };
    }),
    listMembers: wrapUnary<classesV1.ListMembersRequest, classesV1.ListMembersResponse>(log, async (req) => {
      // Answers only the owner when teacher_id is set: the caller's ownership check and the members in one call.
      const rows = await listClassMembers(deps, req.classId, req.teacherId);
      return { members: rows.map(member) };
    }),
    listMemberships: wrapUnary<classesV1.ListMembershipsRequest, classesV1.ListMembershipsResponse>(log, async (req) => {
      const rows = await listMemberships(deps, req.userId);
      const schools = await Promise.all(rows.map((r) => findClassSchool(deps, r.cls.classId)));
      return { memberships: rows.map((r, i) => ({ member: member(r.member), classInfo: classInfo(r, schools[i]!) })) };
    }),
    getClassByShortcut: wrapUnary<classesV1.GetClassByShortcutRequest, classesV1.GetClassByShortcutResponse>(log, async (req) => {
      const c = await findClassByShortcut(deps, req.registerShortcut);
      if (!c) throw AppError.notFound(MSG.shortcutInvalid);
      return { classInfo: classInfo(await withTeacher(deps, c), await findClassSchool(deps, c.classId)) };
    }),
    getMember: wrapUnary<classesV1.GetMemberRequest, classesV1.GetMemberResponse>(log, async (req) => {
      return { member: member(await findMember(deps, req.memberId, req.classId)) };
    }),
    listSemesters: wrapUnary<classesV1.ListSemestersRequest, classesV1.ListSemestersResponse>(log, async (req) => {
      // No owner check: callers ask for the classes they already authorized (a teacher's own, a student's memberships).
      const rows = await listSemesters(deps, req.classIds);
      return {
        semesters: rows.map((s) => ({ classId: s.classId, firstDay: s.firstDay, lastDay: s.lastDay, state: s.state, breaks: s.breaks, holidays: s.holidays })),
      };
    }),
  };
  return { definition: classesV1.ClassesServiceService, implementation };
}
