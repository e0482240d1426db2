import type { Pool } from '@stundenplan/base';

export interface AccountRows {
  account: {
    id: string;
    name: string;
    email: string;
    role_id: number;
    institution: string | null;
    duration: number | null;
    has_picture: boolean;
    email_confirmed_at: Date | null;
    created_at: Date;
    updated_at: Date;
  } | null;
  sessions: { created_at: Date; expires_at: Date; revoked_at: Date | null }[];
  /** Identities at a university's issuer linked to the account (university sign-in). */
  universityLogins: { issuer: string; subject: string; created_at: Date }[];
}

/** Plain SQL reads of the account and its sign-ins (for the copy of one's data). */
export class AccountDataRepository {
  constructor(private readonly pool: Pool) {}

  async rowsOf(userId: string): Promise<AccountRows> {
    const [account, sessions, logins] = await Promise.all([
      this.pool.query<NonNullable<AccountRows['account']>>(
        `SELECT u.id::text, u.name, u.email, u.role_id, i.name AS institution, u.duration, u.profile_picture IS NOT NULL AS has_picture,
                u.email_confirmed_at, u.created_at, u.updated_at
           FROM users u LEFT JOIN institutions i ON i.id = u.institution_id WHERE u.id = $1::uuid`,
        [userId],
      ),
      this.pool.query<AccountRows['sessions'][number]>('SELECT created_at, expires_at, revoked_at FROM sessions WHERE user_id = $1::uuid ORDER BY created_at', [
        userId,
      ]),
      this.pool.query<AccountRows['universityLogins'][number]>(
        'SELECT issuer, subject, created_at FROM oidc_identities WHERE user_id = $1::uuid ORDER BY created_at',
        [userId],
      ),
    ]);
    return { account: account.rows[0] ?? null, sessions: sessions.rows, universityLogins: logins.rows };
  }
}
