import { AppError, callUnary, createServiceClient, type ServiceTokenSigner } from '@stundenplan/base';
import { classesV1 } from '@stundenplan/proto';

/** What the school service asks the classes service: the names of a class's members (room bookings, read time). */
export interface ClassesLookup {
  /** member id -> name of the class's members; null when the class is gone or no longer the teacher's. */
  memberNames(classId: string, teacherId: string): Promise<Map<string, string> | null>;
  close(): void;
}

/** Typed gRPC client of the classes service's ClassesService (deadlines; errors become AppError). */
export function createClassesClient(address: string, signer: ServiceTokenSigner, timeoutMs: number): ClassesLookup {
  let client: classesV1.ClassesServiceClient | undefined;
  // Lazy: in embedded mode school starts after classes, but a cluster may start them in any order.
  const c = () => (client ??= createServiceClient(classesV1.ClassesServiceClient, address, signer, 'classes'));
  return {
    async memberNames(classId, teacherId) {
      const res = await callUnary(c().listMembers.bind(c()), c(), { classId, teacherId }, timeoutMs).catch((e: unknown) => {
        if (e instanceof AppError && (e.code === 'NOT_FOUND' || e.code === 'FORBIDDEN')) return null;
        throw e;
      });
      return res && new Map(res.members.map((m) => [m.memberId, m.name]));
    },
    close: () => client?.close(),
  };
}
