import { AppError, Topic, type OutboxEvent, type UserRegisteredPayload } from '@stundenplan/base';
import type { ClassInfo } from '../clients/classes-client.js';
import type { InstitutionRow } from '../data/institution-repository.js';
import { isUniqueViolation, type UserRow } from '../data/user-repository.js';
import type { AuthDeps } from './deps.js';
import { newEmailToken, TOKEN_TTL_MS } from './email-tokens.js';
import { confirmLink } from './links.js';
import { confirmationMail } from './mail-templates.js';
import { MSG } from './messages.js';
import { hashPassword } from './passwords.js';
import { DEFAULT_DURATION, emailDomain, parseRegistration, ROLE_STUDENT, ROLE_TEACHER, type RegistrationInput } from './registration-rules.js';

/** The role: a registration code makes a student; else the chosen one; else the one the institution's domain implies. */
function resolveRole(input: RegistrationInput, institution: InstitutionRow | null): 1 | 2 {
  if (input.registerShortcut) return ROLE_STUDENT;
  if (input.roleId) return input.roleId;
  if (!institution) throw AppError.badRequest(MSG.role);
  const domain = emailDomain(input.email);
  if (institution.studentsMail && domain === institution.studentsMail) return ROLE_STUDENT;
  if (institution.teachersMail && domain === institution.teachersMail) return ROLE_TEACHER;
  throw AppError.badRequest(MSG.email);
}

/** GetClassByShortcut: unknown -> 400 'Ungültiger Registrierungsshortcut.'; classes down -> 502 with the SPEC's check text. */
export async function lookUpClass(deps: AuthDeps, shortcut: string): Promise<ClassInfo> {
  try {
    return await deps.classes.classByShortcut(shortcut);
  } catch (e) {
    const code = (e as AppError).code;
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') throw AppError.badRequest(MSG.invalidShortcut);
    deps.log.error({ err: (e as Error).message, code }, 'registration code check failed');
    throw new AppError('UNAVAILABLE', MSG.shortcutCheckFailed, { cause: e });
  }
}

/** The member a teacher invited must exist in that class and not belong to another account yet. */
export async function checkMember(deps: AuthDeps, classId: string, memberId: string): Promise<void> {
  try {
    const member = await deps.classes.member(classId, memberId);
    if (member.userId) throw AppError.badRequest(MSG.invalidMemberId);
  } catch (e) {
    const code = (e as AppError).code;
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST' || code === 'FORBIDDEN') throw AppError.badRequest(MSG.invalidMemberId);
    if (e instanceof AppError && e.detail === MSG.invalidMemberId) throw e;
    deps.log.error({ err: (e as Error).message, code }, 'member check failed');
    throw new AppError('UNAVAILABLE', MSG.shortcutCheckFailed, { cause: e });
  }
}

/**
 * user.registered.v1 of a new account, by password or at the university: with a registration code (and an invitation's
 * member id) the classes service adds or links the member. The institution's name comes from the class when none was chosen.
 */
export function userRegisteredEvent(
  created: Pick<UserRow, 'id' | 'name' | 'email' | 'roleId' | 'duration'>,
  institution: Pick<InstitutionRow, 'id' | 'name'> | null,
  classInfo: ClassInfo | null,
  shortcut: string | null,
  memberId: string | null,
): OutboxEvent {
  const payload: UserRegisteredPayload = {
    user_id: created.id,
    name: created.name,
    email: created.email,
    role_id: created.roleId,
    duration: created.duration,
    institution_id: institution?.id ?? null,
    institution_name: institution?.name ?? (classInfo?.institutionName || null),
    register_shortcut: shortcut,
    member_id: shortcut ? memberId : null,
    class_id: classInfo?.classId ?? null,
  };
  return { topic: Topic.UserRegistered, key: created.id, payload };
}

export async function registerUser(deps: AuthDeps, body: unknown): Promise<{ message: string; user: UserRow }> {
  const input = parseRegistration(body);

  let institution: InstitutionRow | null = null;
  if (input.institutionId) {
    institution = await deps.institutions.find(input.institutionId);
    if (!institution) throw AppError.badRequest(MSG.unknownInstitution);
  }
  const roleId = resolveRole(input, institution);
  // docs/product/accounts.md: with an institution chosen, the address must use its domain for the role. In the code flow the
  // institution comes from the class (not chosen by the user), so the domain rule does not apply there.
  if (institution && !input.registerShortcut) {
    const expected = roleId === ROLE_STUDENT ? institution.studentsMail : institution.teachersMail;
    if (expected && emailDomain(input.email) !== expected) throw AppError.badRequest(MSG.email);
  }
  let duration: number | null = null;
  if (roleId === ROLE_STUDENT) {
    if (input.durationInvalid) throw AppError.badRequest(MSG.duration);
    duration = input.duration ?? DEFAULT_DURATION;
  }

  if (await deps.users.findByEmail(input.email)) throw AppError.conflict(MSG.emailTaken);

  let classInfo: ClassInfo | null = null;
  if (input.registerShortcut) {
    classInfo = await lookUpClass(deps, input.registerShortcut);
    if (input.memberId) await checkMember(deps, classInfo.classId, input.memberId);
  }

  const passwordHash = await hashPassword(input.password);
  const { token, hash } = newEmailToken();
  const mail = confirmationMail({ to: input.email, name: input.name, link: confirmLink(deps.cfg.PUBLIC_BASE_URL, token), className: classInfo?.name || null });
  let user: UserRow;
  try {
    user = await deps.users.createUser(
      { email: input.email, name: input.name, passwordHash, roleId, institutionId: institution?.id ?? null, duration },
      { purpose: 'confirm', hash, expiresAt: new Date(Date.now() + TOKEN_TTL_MS.confirm) },
      (created) => {
        return [
          userRegisteredEvent(created, institution, classInfo, input.registerShortcut, input.memberId),
          { topic: Topic.MailRequested, key: created.id, payload: mail },
        ];
      },
    );
  } catch (e) {
    if (isUniqueViolation(e)) throw AppError.conflict(MSG.emailTaken);
    throw e;
  }
  deps.kickOutbox();
  deps.log.info({ userId: user.id, roleId, viaCode: Boolean(classInfo) }, 'user registered');
  return { message: MSG.registered, user };
}
