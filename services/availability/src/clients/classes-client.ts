import { callUnary, createServiceClient, type ServiceTokenSigner } from '@stundenplan/base';
import { classesV1 } from '@stundenplan/proto';

/** What availability needs from the classes service. */
export interface ClassesGateway {
  /** Resolves when `teacherId` teaches the class; FORBIDDEN / NOT_FOUND AppErrors otherwise (classes' answer). */
  assertTeacherOwnsClass(classId: string, teacherId: string): Promise<void>;
  /** Ids of the classes the user is a member of. */
  classIdsOfMember(userId: string): Promise<string[]>;
  close(): void;
}

export function createClassesClient(addr: string, tokens: ServiceTokenSigner, timeoutMs = 5000): ClassesGateway {
  const client = createServiceClient(classesV1.ClassesServiceClient, addr, tokens, 'classes');
  return {
    async assertTeacherOwnsClass(classId, teacherId) {
      await callUnary(client.getClass.bind(client), client, { classId, teacherId }, timeoutMs);
    },
    async classIdsOfMember(userId) {
      const res = await callUnary(client.listMemberships.bind(client), client, { userId }, timeoutMs);
      const ids = res.memberships.map((m) => m.classInfo?.classId || m.member?.classId || '').filter(Boolean);
      return [...new Set(ids)];
    },
    close: () => client.close(),
  };
}
