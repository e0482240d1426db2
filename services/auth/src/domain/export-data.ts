import { AppError, type Logger, type SessionUser } from '@stundenplan/base';
import type { PersonalDataSources } from '../clients/personal-data-clients.js';
import type { AccountRows } from '../data/personal-data-repository.js';
import { MSG } from './messages.js';
import { roleOf } from './session-tokens.js';

export interface AccountDataReader {
  rowsOf(userId: string): Promise<AccountRows>;
}

export interface ExportDeps {
  accounts: AccountDataReader;
  sources: PersonalDataSources;
  log: Logger;
  now?: () => Date;
}

const EXPORT_FORMAT = 'stundenplan-assistent.personal-data.v1';
const EXPORT_UNAVAILABLE = 'Deine Daten können gerade nicht vollständig zusammengestellt werden. Bitte versuche es später erneut.';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * GET /api/me/export: everything the product keeps about the caller (packages/contracts privacy.ts). The
 * account comes from here; every other service answers for its own data (PersonalDataService), classes
 * first, since the times kept for a membership are found by its member ids. A service that cannot answer
 * makes the whole copy fail (502): a copy that silently leaves something out would be wrong.
 */
export async function exportPersonalData(deps: ExportDeps, session: SessionUser) {
  const { account, sessions, universityLogins } = await deps.accounts.rowsOf(session.userId);
  if (!account) throw AppError.unauthorized(MSG.notLoggedIn);
  const role = roleOf(account.role_id);
  const who = { userId: account.id, email: account.email, role };
  try {
    const classes = (await deps.sources.part('classes', who)) as { memberships: { member_id: string }[] };
    const memberIds = classes.memberships.map((m) => m.member_id);
    const [availability, notification, school] = await Promise.all([
      deps.sources.part('availability', { ...who, memberIds }),
      deps.sources.part('notification', { ...who, memberIds }),
      deps.sources.part('school', { ...who, memberIds }),
    ]);
    return {
      format: EXPORT_FORMAT,
      exported_at: (deps.now?.() ?? new Date()).toISOString(),
      account: {
        user_id: account.id,
        name: account.name,
        email: account.email,
        role,
        institution: account.institution,
        duration: account.duration,
        has_profile_picture: account.has_picture,
        email_confirmed_at: iso(account.email_confirmed_at),
        created_at: account.created_at.toISOString(),
        updated_at: account.updated_at.toISOString(),
        last_sign_in_at: iso(sessions.at(-1)?.created_at ?? null),
        sessions: sessions.map((s) => ({ created_at: s.created_at.toISOString(), expires_at: s.expires_at.toISOString(), ended_at: iso(s.revoked_at) })),
        university_logins: universityLogins.map((l) => ({ issuer: l.issuer, subject: l.subject, linked_at: l.created_at.toISOString() })),
      },
      classes,
      availability,
      notification,
      school,
    };
  } catch (e) {
    deps.log.warn({ err: (e as Error).message }, 'data copy failed: a service did not answer');
    throw new AppError('UNAVAILABLE', EXPORT_UNAVAILABLE, { cause: e });
  }
}
