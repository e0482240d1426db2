import type { PrismaClient } from '../generated/prisma/client.js';
import type { Db } from './class-timeline.js';

/**
 * What goes when an account, a membership or a class is deleted (docs/privacy/loeschkonzept.md): the rows that
 * name the person or belong to the class, with the mails about them. A mail about a row is found by its event
 * (the outbox event keyed by the row's id; mails.event_id is that event's id), a mail to or from the person by
 * the address. Each deletion is one transaction and idempotent (an event handled twice deletes nothing more).
 */

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

/**
 * Ids of rows whose mails go with them: the outbox events keyed by them, the mails made from those events.
 *
 * The events go first, the mails after (docs/debt.md, the flaky deletion test): the outbox relay holds the rows it
 * publishes locked (FOR UPDATE) until the mail handler of the embedded bus has recorded and sent the mail. Deleting
 * the events waits for that delivery to end and locks no mail meanwhile, so the handler can finish, and the mails
 * are then read after it committed. The other order locked the mail first, waited for the relay, which waited for
 * the handler, which waited for the locked mail: a wait cycle PostgreSQL cannot see (one side waits in the
 * process), so the deletion and the relay hung for good, and a mail recorded while the deletion waited was left.
 */
async function forgetMailsAbout(tx: Db, keys: string[]): Promise<number> {
  if (!keys.length) return 0;
  const events = await tx.$queryRawUnsafe<{ id: string }[]>(
    'DELETE FROM outbox_events WHERE topic = $1 AND key = ANY($2::text[]) RETURNING id::text AS id',
    'mail.requested.v1',
    keys,
  );
  if (!events.length) return 0;
  return tx.$executeRawUnsafe('DELETE FROM mails WHERE event_id = ANY($1::uuid[])', ids(events));
}

/** Stored attachment bytes no mail and no waiting event refers to any more. */
async function forgetUnusedBlobs(tx: Db): Promise<void> {
  await tx.$executeRawUnsafe(
    `DELETE FROM mail_blobs b WHERE NOT EXISTS (SELECT 1 FROM mail_attachments a WHERE a.blob_sha256 = b.sha256)
       AND NOT EXISTS (SELECT 1 FROM outbox_events o WHERE position(b.sha256 IN o.payload::text) > 0)`,
  );
}

export class ErasureRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * class.deleted.v1: the class's sent plans, lesson rules, cancellations with their make-ups and swaps, and the
   * mails about them (the plan's mails with their PDF, cancellation, make-up and swap mails). Returns rows deleted.
   */
  async forgetClass(classId: string): Promise<number> {
    return this.prisma.$transaction(async (tx) => {
      const keys = ids(
        await tx.$queryRawUnsafe<{ id: string }[]>(
          `SELECT id::text AS id FROM schedule_sendings WHERE class_id = $1::uuid
           UNION ALL SELECT id::text FROM lesson_cancellations WHERE class_id = $1::uuid
           UNION ALL SELECT id::text FROM makeups WHERE class_id = $1::uuid
           UNION ALL SELECT id::text FROM lesson_swaps WHERE class_id = $1::uuid
           UNION ALL SELECT $1::text`,
          classId,
        ),
      );
      let n = await forgetMailsAbout(tx, keys);
      n += await tx.$executeRawUnsafe('DELETE FROM lesson_swaps WHERE class_id = $1::uuid', classId);
      // make-ups go with their cancellation (ON DELETE CASCADE)
      n += await tx.$executeRawUnsafe('DELETE FROM lesson_cancellations WHERE class_id = $1::uuid', classId);
      n += await tx.$executeRawUnsafe('DELETE FROM schedule_sendings WHERE class_id = $1::uuid', classId);
      n += await tx.$executeRawUnsafe('DELETE FROM lesson_rules WHERE class_id = $1::uuid', classId);
      // The mails about changed times are keyed by the class (the UNION's last line above).
      n += await tx.$executeRawUnsafe('DELETE FROM times_change_notices WHERE class_id = $1::uuid', classId);
      await forgetUnusedBlobs(tx);
      return n;
    });
  }

  /** member.removed.v1: the member's cancellations with their make-ups, the swaps they asked or were asked, and the mails about them. */
  async forgetMember(classId: string, memberId: string): Promise<number> {
    return this.prisma.$transaction(async (tx) => {
      const keys = ids(
        await tx.$queryRawUnsafe<{ id: string }[]>(
          `SELECT id::text AS id FROM lesson_cancellations WHERE class_id = $1::uuid AND member_id = $2::uuid
           UNION ALL SELECT id::text FROM makeups WHERE class_id = $1::uuid AND member_id = $2::uuid
           UNION ALL SELECT id::text FROM lesson_swaps WHERE class_id = $1::uuid AND (member_id = $2::uuid OR with_member_id = $2::uuid)`,
          classId,
          memberId,
        ),
      );
      let n = await forgetMailsAbout(tx, keys);
      n += await tx.$executeRawUnsafe(
        'DELETE FROM lesson_swaps WHERE class_id = $1::uuid AND (member_id = $2::uuid OR with_member_id = $2::uuid)',
        classId,
        memberId,
      );
      n += await tx.$executeRawUnsafe('DELETE FROM lesson_cancellations WHERE class_id = $1::uuid AND member_id = $2::uuid', classId, memberId);
      n += await tx.$executeRawUnsafe('DELETE FROM times_change_notices WHERE class_id = $1::uuid AND member_id = $2', classId, memberId);
      return n;
    });
  }

  /**
   * user.deleted.v1: the person's swaps (they hold the names and user ids of both), contact messages, calendar
   * link, every mail to or from their address and the waiting or sent events that name them.
   */
  async forgetPerson(userId: string, email: string): Promise<number> {
    const address = email.trim().toLowerCase();
    return this.prisma.$transaction(async (tx) => {
      const keys = ids(await tx.$queryRawUnsafe<{ id: string }[]>('SELECT id::text AS id FROM lesson_swaps WHERE user_id = $1 OR with_user_id = $1', userId));
      let n = await forgetMailsAbout(tx, keys);
      // The events that name the person before any mail (see forgetMailsAbout): a mail to them being delivered
      // right now is waited for, then found by its address below.
      n += await tx.$executeRawUnsafe(
        'DELETE FROM outbox_events WHERE position($1 IN lower(payload::text)) > 0 OR position($2 IN payload::text) > 0',
        address,
        userId,
      );
      n += await tx.$executeRawUnsafe('DELETE FROM lesson_swaps WHERE user_id = $1 OR with_user_id = $1', userId);
      n += await tx.$executeRawUnsafe('DELETE FROM contact_messages WHERE user_id = $1 OR lower(email) = $2', userId, address);
      n += await tx.$executeRawUnsafe('DELETE FROM calendar_tokens WHERE user_id = $1', userId);
      // "Name <address>" as well as the bare address.
      const mine = (col: string) => `(lower(${col}) = $1 OR right(lower(${col}), length($1) + 2) = '<' || $1 || '>')`;
      n += await tx.$executeRawUnsafe(`DELETE FROM mails WHERE ${mine('to_address')} OR ${mine("coalesce(reply_to, '')")}`, address);
      await forgetUnusedBlobs(tx);
      return n;
    });
  }
}
