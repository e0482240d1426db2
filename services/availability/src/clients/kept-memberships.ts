import { ChangeScope, StampedCache, type ChangeStamps } from '@stundenplan/base';
import type { ClassesGateway, MemberClass } from './classes-client.js';

/** Students whose classes are kept (about 200 bytes each). */
const MEMBERSHIPS_MAX = 10_000;

/**
 * The classes gateway with each student's classes kept between saves: every save of a student's times needs
 * them (window and deadline), and they change only with a write in the classes service, which moves the
 * `classes` change stamp before it answers (packages/base change-stamps.ts). So a save right after joining
 * a class or after a teacher set a deadline sees the change; between changes no call to classes is made.
 */
export function withKeptMemberships(gateway: ClassesGateway, stamps: ChangeStamps): ClassesGateway {
  const kept = new StampedCache<MemberClass[]>(stamps, { maxEntries: MEMBERSHIPS_MAX });
  return {
    ...gateway,
    classesOfMember: (userId) =>
      kept.get(userId, async (track) => {
        await track([ChangeScope.classes]);
        return { value: await gateway.classesOfMember(userId) };
      }),
  };
}
