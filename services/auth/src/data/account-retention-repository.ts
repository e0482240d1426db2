import { outboxInsert, Topic, withTransaction, type Pool } from '@stundenplan/base';
import type { AccountRetentionStore, RetentionAccount } from '../domain/account-retention.js';
import type { MailRequestedPayload } from '@stundenplan/base';

/** Last use of an account: made, or its newest sign-in (a session row stays until a later sign-in replaces it). */
const LAST_USE = `GREATEST(u.created_at, (SELECT max(s.created_at) FROM sessions s WHERE s.user_id = u.id))`;

/**
 * The retention of unused accounts (domain/account-retention.ts) in plain SQL. Warning and deletion are each a
 * conditional statement on the account's row in the transaction of its outbox event: a second replica running
 * the same step waits for the row, finds the condition gone and does nothing.
 */
export class AccountRetentionRepository implements AccountRetentionStore {
  constructor(private readonly pool: Pool) {}

  async unusedSince(cutoff: Date): Promise<RetentionAccount[]> {
    const { rows } = await this.pool.query<{ id: string; email: string; name: string }>(
      `SELECT u.id::text, u.email, u.name FROM users u WHERE u.retention_warned_at IS NULL AND ${LAST_USE} < $1 ORDER BY u.id`,
      [cutoff],
    );
    return rows;
  }

  async warn(userId: string, cutoff: Date, now: Date, mail: MailRequestedPayload): Promise<boolean> {
    return withTransaction(this.pool, async (client) => {
      const { rowCount } = await client.query(
        `UPDATE users u SET retention_warned_at = $3 WHERE u.id = $1::uuid AND u.retention_warned_at IS NULL AND ${LAST_USE} < $2`,
        [userId, cutoff, now],
      );
      if (!rowCount) return false;
      const { text, values } = outboxInsert(Topic.MailRequested, userId, mail);
      await client.query(text, values);
      return true;
    });
  }

  async clearSignedInAgain(): Promise<number> {
    const { rowCount } = await this.pool.query(
      `UPDATE users u SET retention_warned_at = NULL WHERE u.retention_warned_at IS NOT NULL AND ${LAST_USE} > u.retention_warned_at`,
    );
    return rowCount ?? 0;
  }

  async warnedBefore(limit: Date): Promise<string[]> {
    const { rows } = await this.pool.query<{ id: string }>(
      `SELECT u.id::text FROM users u WHERE u.retention_warned_at <= $1 AND ${LAST_USE} <= u.retention_warned_at ORDER BY u.id`,
      [limit],
    );
    return rows.map((r) => r.id);
  }

  async delete(userId: string, limit: Date): Promise<boolean> {
    return withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ id: string; email: string; role_id: number }>(
        `DELETE FROM users u WHERE u.id = $1::uuid AND u.retention_warned_at <= $2 AND ${LAST_USE} <= u.retention_warned_at
         RETURNING u.id::text, u.email, u.role_id`,
        [userId, limit],
      );
      const gone = rows[0];
      if (!gone) return false;
      const { text, values } = outboxInsert(Topic.UserDeleted, gone.id, { user_id: gone.id, email: gone.email, role_id: gone.role_id });
      await client.query(text, values);
      return true;
    });
  }
}
