import { ChangeScope, withSessionLock, type ChangeStamps, type EventPayload, type Pool, type Topic } from '@stundenplan/base';
import { classRepository, type ClassRepository } from './class-repository.js';
import { classSchoolRepository, type ClassSchoolRepository } from './class-school-repository.js';
import { directoryRepository, type DirectoryRepository } from './directory-repository.js';
import { mailLogRepository, type MailLogRepository } from './mail-log-repository.js';
import { memberRepository, type MemberRepository } from './member-repository.js';
import { semesterRepository, type SemesterRepository } from './semester-repository.js';
import { emit, isUniqueViolation, type Db, type Tx } from './prisma.js';

export interface Repositories {
  classes: ClassRepository;
  members: MemberRepository;
  directory: DirectoryRepository;
  mailLog: MailLogRepository;
  semesters: SemesterRepository;
  classSchools: ClassSchoolRepository;
  /** Writes one event into the outbox; inside a transaction it commits with the change. */
  emit<T extends Topic>(topic: T, key: string, payload: EventPayload<T>): Promise<void>;
}

/** The repositories plus a transaction that hands the same repositories, bound to it, to `work`. */
export interface DataAccess extends Repositories {
  transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T>;
  /** Runs `work` unless another replica holds the session lock `key` (then null); see withSessionLock in @stundenplan/base. */
  exclusively<T>(key: string, work: () => Promise<T>): Promise<T | null>;
}

function bind(db: Tx, pool: Pool, changed: () => Promise<void>): Repositories {
  return {
    classes: classRepository(db, pool, changed),
    members: memberRepository(db, pool, changed),
    directory: directoryRepository(db),
    mailLog: mailLogRepository(db),
    semesters: semesterRepository(db),
    classSchools: classSchoolRepository(db),
    emit: <T extends Topic>(topic: T, key: string, payload: EventPayload<T>) => emit(db, topic, key, payload),
  };
}

/**
 * Every write of a class or member moves the `classes` change stamp (answers kept from these tables, such as
 * the class list, are then built anew): a single statement right after it, a transaction after its commit.
 */
export function createDataAccess(db: Db, pool: Pool, stamps: ChangeStamps): DataAccess {
  const bump = () => stamps.bump([ChangeScope.classes]);
  return {
    ...bind(db, pool, bump),
    async transaction(work) {
      let changed = false;
      const result = await db.$transaction((tx) =>
        work(
          bind(tx, pool, async () => {
            changed = true;
          }),
        ),
      );
      if (changed) await bump();
      return result;
    },
    exclusively: (key, work) => withSessionLock(pool, key, work),
  };
}

export { isUniqueViolation };
