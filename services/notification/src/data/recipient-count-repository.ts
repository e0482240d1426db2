import { createHash } from 'node:crypto';
import type { Pool } from '@stundenplan/base';
import { addressOnly } from '../mail/mime.js';

/** The key of an address in recipient_mail_counts: sha256 of its bare, lower-cased form (the address itself is not kept). */
function recipientKey(address: string): string {
  return createHash('sha256').update(addressOnly(address).toLowerCase()).digest('hex');
}

/**
 * Mails per recipient and Berlin calendar day (docs/product/limits.md "Mails per recipient"), in PostgreSQL so the
 * count holds across restarts and replicas. One statement per mail: concurrent deliveries never pass the limit together.
 */
export class RecipientCountRepository {
  constructor(private readonly pool: Pool) {}

  /** Counts one mail to `address` on `day` when fewer than `limit` are counted; false (nothing counted) at the limit. */
  async take(address: string, day: string, limit: number): Promise<boolean> {
    const { rows } = await this.pool.query<{ count: number }>(
      `INSERT INTO recipient_mail_counts AS c (address_sha256, day, count) SELECT $1, $2::date, 1 WHERE $3::int > 0
       ON CONFLICT (address_sha256, day) DO UPDATE SET count = c.count + 1 WHERE c.count < $3::int
       RETURNING c.count`,
      [recipientKey(address), day, limit],
    );
    return rows.length === 1;
  }

  /** Mails counted on `day` per address (as given); 0 for addresses without any. */
  async counts(addresses: string[], day: string): Promise<Map<string, number>> {
    const keys = addresses.map(recipientKey);
    const { rows } = await this.pool.query<{ address_sha256: string; count: number }>(
      'SELECT address_sha256, count FROM recipient_mail_counts WHERE day = $2::date AND address_sha256 = ANY($1::text[])',
      [keys, day],
    );
    const byKey = new Map(rows.map((r) => [r.address_sha256, r.count]));
    return new Map(addresses.map((a, i) => [a, byKey.get(keys[i]!) ?? 0]));
  }

  /** Retention: counts of days before `keepFrom` go. */
  async prune(keepFrom: string): Promise<number> {
    const { rowCount } = await this.pool.query('DELETE FROM recipient_mail_counts WHERE day < $1::date', [keepFrom]);
    return rowCount ?? 0;
  }
}
