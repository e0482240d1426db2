import type { EventPayload, Pool, Topic } from '@stundenplan/base';
import { classRepository, type ClassRepository } from './class-repository.js';
import { directoryRepository, type DirectoryRepository } from './directory-repository.js';
import { mailLogRepository, type MailLogRepository } from './mail-log-repository.js';
import { memberRepository, type MemberRepository } from './member-repository.js';
import { emit, isUniqueViolation, type Db, type Tx } from './prisma.js';
import { withSessionLock } from './session-lock.js';

export interface Repositories {
  classes: ClassRepository;
  members: MemberRepository;
  directory: DirectoryRepository;
  mailLog: MailLogRepository;
  /** Writes one event into the outbox; inside a transaction it commits with the change. */
  emit<T extends Topic>(topic: T, key: string, payload: EventPayload<T>): Promise<void>;
}

/** The repositories plus a transaction that hands the same repositories, bound to it, to `work`. */
export interface DataAccess extends Repositories {
  transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T>;
  /** Runs `work` unless another replica holds the session lock `key` (then null); see session-lock.ts. */
  exclusively<T>(key: string, work: () => Promise<T>): Promise<T | null>;
}

function bind(db: Tx, pool: Pool): Repositories {
  return {
    classes: classRepository(db, pool),
    members: memberRepository(db, pool),
    directory: directoryRepository(db),
    mailLog: mailLogRepository(db),
    emit: <T extends Topic>(topic: T, key: string, payload: EventPayload<T>) => emit(db, topic, key, payload),
  };
}

export function createDataAccess(db: Db, pool: Pool): DataAccess {
  return {
    ...bind(db, pool),
    transaction: (work) => db.$transaction((tx) => work(bind(tx, pool))),
    exclusively: (key, work) => withSessionLock(pool, key, work),
  };
}

export { isUniqueViolation };
