import { callUnary, createServiceClient, type ServiceTokenSigner } from '@stundenplan/base';
import { classesV1 } from '@stundenplan/proto';

export type ClassInfo = classesV1.ClassInfo;
export type Member = classesV1.Member;
export type Membership = classesV1.Membership;

/** What auth needs from the classes service. Errors arrive as AppErrors (NOT_FOUND, UNAVAILABLE, ...). */
export interface ClassesGateway {
  classByShortcut(registerShortcut: string): Promise<ClassInfo>;
  member(classId: string, memberId: string): Promise<Member>;
  memberships(userId: string): Promise<Membership[]>;
  close(): void;
}

export function createClassesClient(addr: string, tokens: ServiceTokenSigner, timeoutMs = 5000): ClassesGateway {
  let client: classesV1.ClassesServiceClient | undefined;
  // Lazy: in embedded mode auth starts before classes.
  const c = () => (client ??= createServiceClient(classesV1.ClassesServiceClient, addr, tokens, 'classes'));
  return {
    async classByShortcut(registerShortcut) {
      const res = await callUnary(c().getClassByShortcut.bind(c()), c(), { registerShortcut }, timeoutMs);
      if (!res.classInfo?.classId) throw new Error('classes: GetClassByShortcut answered without class_info');
      return res.classInfo;
    },
    async member(classId, memberId) {
      const res = await callUnary(c().getMember.bind(c()), c(), { classId, memberId }, timeoutMs);
      if (!res.member?.memberId) throw new Error('classes: GetMember answered without member');
      return res.member;
    },
    async memberships(userId) {
      const res = await callUnary(c().listMemberships.bind(c()), c(), { userId }, timeoutMs);
      return res.memberships;
    },
    close: () => client?.close(),
  };
}
