import { AppError, callUnary, createServiceClient, isAppError, type ServiceTokenSigner } from '@stundenplan/base';
import { classesV1 } from '@stundenplan/proto';

export interface ClassForSending {
  classId: string;
  name: string;
  teacherName: string;
  teacherId: string;
  /** Empty when unknown. */
  teacherEmail: string;
}

/** A class's semester with the public holidays of its state (classes answers them). */
export interface ClassSemester {
  classId: string;
  firstDay: string;
  lastDay: string;
  state: string;
  breaks: { from: string; to: string; label: string }[];
  holidays: { date: string; name: string }[];
}

export interface ClassMember {
  memberId: string;
  name: string;
  email: string;
  /** '' for an unregistered member. */
  userId: string;
  /** The student confirmed the membership (their own times count). */
  verified: boolean;
  /** 'weekly' or 'biweekly'; undefined when classes did not say. */
  frequency?: MemberFrequency;
}

export type MemberFrequency = 'weekly' | 'biweekly';
const frequencyOf = (v: string | undefined): MemberFrequency | undefined => (v === 'weekly' || v === 'biweekly' ? v : undefined);

/** What notification needs from the classes service. Errors are German AppErrors ready for the HTTP answer. */
export interface ClassesClient {
  /** 404 unless `teacherId` teaches the class (unknown and foreign ids alike), 502 when classes cannot answer. */
  getClass(classId: string, teacherId: string): Promise<ClassForSending>;
  listMembers(classId: string, teacherId: string): Promise<ClassMember[]>;
  /** The user's own memberships (class id, member id, the member's, class and teacher name); 502 when classes cannot answer. */
  memberships(
    userId: string,
  ): Promise<{ classId: string; memberId: string; memberName: string; className: string; teacherName: string; frequency?: MemberFrequency }[]>;
  /** The semesters of those classes that have one (the caller has authorized the ids); 502 when classes cannot answer. */
  semesters(classIds: string[]): Promise<Map<string, ClassSemester>>;
  close(): void;
}

export const CLASSES_MSG = {
  notFound: 'Klasse/Kurs nicht gefunden',
  unavailable: 'Der Kursdienst ist gerade nicht erreichbar. Bitte versuche es später erneut.',
} as const;

/**
 * Ownership answers are one 404 with German text (an unknown and another teacher's class look the same: no existence oracle);
 * anything else from upstream (down, deadline, internal) is a 502: the fault is not the caller's.
 */
function mapError(e: unknown): AppError {
  const err = isAppError(e) ? e : new AppError('INTERNAL', 'Interner Serverfehler', { cause: e });
  if (err.code === 'FORBIDDEN') return AppError.notFound(CLASSES_MSG.notFound);
  if (err.code === 'NOT_FOUND') return AppError.notFound(CLASSES_MSG.notFound);
  if (err.code === 'BAD_REQUEST') return AppError.notFound(CLASSES_MSG.notFound);
  return new AppError('UNAVAILABLE', CLASSES_MSG.unavailable, { cause: err });
}

export function createClassesClient(addr: string, tokens: ServiceTokenSigner, timeoutMs = 5000): ClassesClient {
  let client: classesV1.ClassesServiceClient | undefined;
  // Lazy: in embedded mode notification may start before classes.
  const c = () => (client ??= createServiceClient(classesV1.ClassesServiceClient, addr, tokens, 'classes'));
  return {
    async getClass(classId, teacherId) {
      const res = await callUnary(c().getClass.bind(c()), c(), { classId, teacherId }, timeoutMs).catch((e: unknown) => {
        throw mapError(e);
      });
      const info = res.classInfo;
      if (!info?.classId) throw new AppError('UNAVAILABLE', CLASSES_MSG.unavailable, { cause: new Error('classes.GetClass answered without class_info') });
      return { classId: info.classId, name: info.name, teacherName: info.teacherName, teacherId: info.teacherId, teacherEmail: info.teacherEmail };
    },
    async listMembers(classId, teacherId) {
      const res = await callUnary(c().listMembers.bind(c()), c(), { classId, teacherId }, timeoutMs).catch((e: unknown) => {
        throw mapError(e);
      });
      return res.members.map((m) => ({
        memberId: m.memberId,
        name: m.name,
        email: m.email,
        userId: m.userId,
        verified: Boolean(m.studentId),
        frequency: frequencyOf(m.frequency),
      }));
    },
    async memberships(userId) {
      const res = await callUnary(c().listMemberships.bind(c()), c(), { userId }, timeoutMs).catch((e: unknown) => {
        throw new AppError('UNAVAILABLE', CLASSES_MSG.unavailable, { cause: e });
      });
      return res.memberships
        .filter((m) => m.member?.memberId && (m.classInfo?.classId || m.member.classId))
        .map((m) => ({
          classId: m.classInfo?.classId || m.member!.classId,
          memberId: m.member!.memberId,
          memberName: m.member!.name,
          className: m.classInfo?.name ?? '',
          teacherName: m.classInfo?.teacherName ?? '',
          frequency: frequencyOf(m.member!.frequency),
        }));
    },
    async semesters(classIds) {
      const out = new Map<string, ClassSemester>();
      if (!classIds.length) return out;
      const res = await callUnary(c().listSemesters.bind(c()), c(), { classIds }, timeoutMs).catch((e: unknown) => {
        throw new AppError('UNAVAILABLE', CLASSES_MSG.unavailable, { cause: e });
      });
      for (const s of res.semesters) out.set(s.classId, { ...s, breaks: s.breaks.map((b) => ({ ...b })), holidays: s.holidays.map((h) => ({ ...h })) });
      return out;
    },
    close: () => client?.close(),
  };
}
