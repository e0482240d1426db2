import { callUnary, createServiceClient, type ServiceTokenSigner } from '@stundenplan/base';
import { classesV1 } from '@stundenplan/proto';

/** One class a user is a member of, as far as availability needs it (window and deadline). */
export interface MemberClass {
  classId: string;
  name: string;
  /** YYYY-MM-DD (Europe/Berlin) or null. */
  deadline: string | null;
  allowLateChanges: boolean;
  /** The student verified the membership ('Kurs verifizieren', joining or registering with the code). */
  verified: boolean;
}

/** A class's semester as the calendar import counts it: days `YYYY-MM-DD`, both included. */
export interface ClassSemester {
  classId: string;
  firstDay: string;
  lastDay: string;
  breaks: { from: string; to: string }[];
  holidays: string[];
}

/** What availability needs from the classes service. */
export interface ClassesGateway {
  /** Resolves when `teacherId` teaches the class; FORBIDDEN / NOT_FOUND AppErrors otherwise (classes' answer). */
  assertTeacherOwnsClass(classId: string, teacherId: string): Promise<void>;
  /** The classes the user is a member of (one entry per class). */
  classesOfMember(userId: string): Promise<MemberClass[]>;
  /** The semesters of those of the classes that have one. */
  semestersOf(classIds: string[]): Promise<ClassSemester[]>;
  close(): void;
}

export function createClassesClient(addr: string, tokens: ServiceTokenSigner, timeoutMs = 5000): ClassesGateway {
  const client = createServiceClient(classesV1.ClassesServiceClient, addr, tokens, 'classes');
  return {
    async assertTeacherOwnsClass(classId, teacherId) {
      await callUnary(client.getClass.bind(client), client, { classId, teacherId }, timeoutMs);
    },
    async classesOfMember(userId) {
      const res = await callUnary(client.listMemberships.bind(client), client, { userId }, timeoutMs);
      const byId = new Map<string, MemberClass>();
      for (const m of res.memberships) {
        const classId = m.classInfo?.classId || m.member?.classId || '';
        if (!classId || byId.has(classId)) continue;
        byId.set(classId, {
          classId,
          name: m.classInfo?.name ?? '',
          deadline: m.classInfo?.deadline || null,
          allowLateChanges: m.classInfo?.allowLateChanges ?? false,
          verified: Boolean(m.member?.studentId),
        });
      }
      return [...byId.values()];
    },
    async semestersOf(classIds) {
      if (!classIds.length) return [];
      const res = await callUnary(client.listSemesters.bind(client), client, { classIds }, timeoutMs);
      return res.semesters.map((s) => ({
        classId: s.classId,
        firstDay: s.firstDay,
        lastDay: s.lastDay,
        breaks: s.breaks.map((b) => ({ from: b.from, to: b.to })),
        holidays: s.holidays.map((h) => h.date),
      }));
    },
    close: () => client.close(),
  };
}
