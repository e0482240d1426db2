import { callUnary, createServiceClient, type ServiceTokenSigner } from '@stundenplan/base';
import { classesV1 } from '@stundenplan/proto';

export interface ClassMember {
  memberId: string;
  userId: string;
  /** The student verified the membership; until then their own times are not the teacher's to plan with. */
  verified: boolean;
  name: string;
  email: string;
  duration: number;
  /** A lesson every week, or every other week (in the week the plan gives it). */
  frequency: 'weekly' | 'biweekly';
  /** The member's own equipment needs and sites; null = the class's (docs/product/school.md). */
  needs?: string[] | null;
  siteIds?: string[] | null;
}

export interface ClassesClient {
  /** Fails with FORBIDDEN (PERMISSION_DENIED) unless `teacherId` teaches the class, NOT_FOUND when it does not exist. */
  getClass(classId: string, teacherId: string): Promise<classesV1.ClassInfo>;
  listMembers(classId: string, teacherId: string): Promise<ClassMember[]>;
  close(): void;
}

export function createClassesClient(addr: string, tokens: ServiceTokenSigner, timeoutMs = 5000): ClassesClient {
  const client = createServiceClient(classesV1.ClassesServiceClient, addr, tokens, 'classes');
  return {
    async getClass(classId, teacherId) {
      const res = await callUnary(client.getClass.bind(client), client, { classId, teacherId }, timeoutMs);
      if (!res.classInfo) throw new Error('classes.GetClass answered without class_info');
      return res.classInfo;
    },
    async listMembers(classId, teacherId) {
      const res = await callUnary(client.listMembers.bind(client), client, { classId, teacherId }, timeoutMs);
      return res.members.map((m) => ({
        memberId: m.memberId,
        userId: m.userId,
        verified: Boolean(m.studentId),
        name: m.name,
        email: m.email,
        duration: m.duration,
        frequency: m.frequency === 'biweekly' ? ('biweekly' as const) : ('weekly' as const),
        needs: m.needs ? m.needs.values : null,
        siteIds: m.siteIds ? m.siteIds.values : null,
      }));
    },
    close: () => client.close(),
  };
}
