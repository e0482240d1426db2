import { AppError, hitRateLimit, Topic, UUID_RE } from '@stundenplan/base';
import type { ClassInfo } from '../clients/classes-client.js';
import { isUniqueViolation, type OidcIdentityKey, type UserRow } from '../data/user-repository.js';
import type { AuthDeps } from './deps.js';
import { hashToken, looksLikeToken, newEmailToken, TOKEN_TTL_MS } from './email-tokens.js';
import { baseUrl, oidcLinkLink } from './links.js';
import { oidcLinkMail } from './mail-templates.js';
import { MSG } from './messages.js';
import { roleFromClaims, safeLocalPath, type OidcClient, type OidcFlow, type OidcResult } from './oidc.js';
import { checkMember, lookUpClass, userRegisteredEvent } from './register-user.js';
import { cleanName, DEFAULT_DURATION, emailDomain, isValidEmail, normaliseEmail, ROLE_STUDENT, ROLE_TEACHER } from './registration-rules.js';
import type { IssuedSession } from './session-tokens.js';

/** A started sign-in lives this long (seconds): from the button to the return from the issuer. */
export const FLOW_TTL_SECONDS = 600;
/** Link mails per account and hour (each sign-in of a not yet linked account would send one). */
const LINK_MAIL_LIMIT = { limit: 3, windowSeconds: 3600 };

const flowKey = (state: string) => `auth:oidc:flow:${state}`;
const usedKey = (state: string) => `auth:oidc:used:${state}`;

/** What the started flow carries to the callback (in the shared store, never in the browser). */
interface StoredFlow extends OidcFlow {
  redirect: string | null;
  registerShortcut: string | null;
  memberId: string | null;
}

/** An answer the browser is shown as a page (the callback is a top-level navigation, not a fetch). */
export class OidcPageError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** Where a role lands after signing in: the same pages as after a password login. */
const landingOf = (roleId: number): string => (roleId === ROLE_TEACHER ? '/scheduling' : '/student');

const passwordLoginEnabled = (deps: AuthDeps): boolean => deps.cfg.PASSWORD_LOGIN !== 'false';

/** 403 'Die Anmeldung erfolgt über den Hochschul-Login.' when the deployment signs in only through the university. */
export function assertPasswordLogin(deps: AuthDeps): void {
  if (!passwordLoginEnabled(deps)) throw AppError.forbidden(MSG.passwordLoginOff);
}

/** GET /api/auth/config: what the web app offers. */
export function authConfigView(deps: AuthDeps) {
  return {
    password_login: passwordLoginEnabled(deps),
    oidc: { enabled: Boolean(deps.oidc), label: deps.oidc?.settings.label ?? null },
  };
}

export const callbackUrlOf = (deps: AuthDeps): string => `${baseUrl(deps.cfg.PUBLIC_BASE_URL)}/api/auth/oidc/callback`;

function oidcOf(deps: AuthDeps): OidcClient {
  if (!deps.oidc) throw AppError.notFound(MSG.oidcOff);
  return deps.oidc;
}

/** The query of GET /api/auth/oidc/login as its contract gives it (packages/contracts auth.ts oidcLogin). */
export interface OidcLoginQuery {
  redirect?: string | undefined;
  register_shortcut?: string | undefined;
  member_id?: string | undefined;
}

/**
 * GET /api/auth/oidc/login: remembers the flow under its state and answers the issuer's address. The query is read
 * only once the university sign-in is known to be on (404 first).
 */
export async function startOidc(deps: AuthDeps, readQuery: () => OidcLoginQuery): Promise<{ url: string; state: string }> {
  const client = oidcOf(deps);
  const query = readQuery();
  let redirect: string | null = null;
  if (query.redirect !== undefined) {
    redirect = safeLocalPath(query.redirect);
    if (!redirect) throw AppError.badRequest(MSG.redirectInvalid);
  }
  const shortcut = query.register_shortcut;
  const memberId = query.member_id;
  if (memberId !== undefined && (!shortcut || !UUID_RE.test(memberId))) throw AppError.badRequest(MSG.memberIdFormat);

  const flow = client.newFlow();
  let url: URL;
  try {
    url = await client.authorizationUrl(flow, callbackUrlOf(deps));
  } catch (e) {
    deps.log.warn({ err: (e as Error).message }, 'oidc start failed');
    throw new AppError('UNAVAILABLE', MSG.oidcUnavailable, { cause: e });
  }
  const stored: StoredFlow = { ...flow, redirect, registerShortcut: shortcut ?? null, memberId: memberId ?? null };
  await deps.store.set(flowKey(flow.state), JSON.stringify(stored), FLOW_TTL_SECONDS);
  return { url: url.href, state: flow.state };
}

/**
 * The stored flow of this state, exactly once: the browser must bring the state it was given (cookie),
 * and a state counts once across every replica (a replayed callback finds it used).
 */
async function claimFlow(deps: AuthDeps, state: string | undefined, browserState: string | undefined): Promise<StoredFlow> {
  if (!state || state.length > 200 || state !== browserState) throw new OidcPageError(400, MSG.oidcFlowInvalid);
  const first = await deps.store.incr(usedKey(state), FLOW_TTL_SECONDS);
  const raw = await deps.store.get(flowKey(state));
  await deps.store.del(flowKey(state));
  if (first.count !== 1 || !raw) throw new OidcPageError(400, MSG.oidcFlowInvalid);
  return JSON.parse(raw) as StoredFlow;
}

export type OidcOutcome = { user: UserRow; session: IssuedSession; landing: string };

/** GET /api/auth/oidc/callback. Throws OidcPageError for everything the person is to be shown as a page. */
export async function finishOidc(
  deps: AuthDeps,
  query: { state?: string | undefined; error?: string | undefined },
  callbackUrl: URL,
  browserState: string | undefined,
): Promise<OidcOutcome> {
  const client = oidcOf(deps);
  const flow = await claimFlow(deps, query.state, browserState);
  if (query.error !== undefined) throw new OidcPageError(400, MSG.oidcCancelled);

  let result: OidcResult;
  try {
    result = await client.finish(callbackUrl, flow);
  } catch (e) {
    const err = e as Error & { code?: string; error?: string };
    // Without personal data: the library's code says which check failed (state, nonce, signature, used code).
    deps.log.warn({ err: err.message, code: err.code ?? err.error }, 'oidc callback refused');
    throw new OidcPageError(400, MSG.oidcFlowInvalid);
  }
  const identity: OidcIdentityKey = { issuer: result.claims.iss, subject: result.claims.sub };

  const known = await deps.users.findByOidcIdentity(identity);
  const user = known ?? (await firstSignIn(deps, client, result, identity, flow));
  const session = await deps.sessions.issue({ id: user.id, roleId: user.roleId, email: user.email, name: user.name }, { oidcIdToken: result.idToken });
  deps.log.info({ userId: user.id }, 'login (oidc)');
  // A student who had an account already and came with a registration code: the course page offers to join it.
  const joinPage = known && flow.registerShortcut && user.roleId === ROLE_STUDENT ? `/student/classes?code=${encodeURIComponent(flow.registerShortcut)}` : null;
  return { user, session, landing: flow.redirect ?? joinPage ?? landingOf(user.roleId) };
}

/** A name the local part of the address suggests ('clara.wieck' -> 'Clara Wieck'), for issuers that send none. */
function nameFromAddress(email: string): string {
  return email
    .slice(0, email.indexOf('@'))
    .split(/[._-]+/)
    .filter((w) => /^\p{L}+$/u.test(w))
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/**
 * The account's name from the claims: name, else given and family name, else the address's local part;
 * the first that passes the registration's name rule (letters, at least two words, no markup, nothing
 * invisible: cleanName). None: null (no account; the person is told why).
 */
export function nameOf(claims: Record<string, unknown>, email: string): string | null {
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  for (const candidate of [str(claims.name), `${str(claims.given_name).trim()} ${str(claims.family_name).trim()}`, nameFromAddress(email)]) {
    const clean = cleanName(candidate);
    if (clean) return clean;
  }
  return null;
}

/** First sign-in of this identity: a new account from the claims, or a link mail when the address has an account. */
async function firstSignIn(deps: AuthDeps, client: OidcClient, result: OidcResult, identity: OidcIdentityKey, flow: StoredFlow): Promise<UserRow> {
  const rawEmail = result.claims.email;
  if (!isValidEmail(rawEmail)) throw new OidcPageError(400, MSG.oidcNoEmail);
  // Only an address the university vouches for may create an account, take over a member row or ask for a link mail.
  if (result.claims.email_verified !== true) {
    deps.log.info({ issuer: identity.issuer }, 'oidc sign-in with an unverified address: no account');
    throw new OidcPageError(403, MSG.oidcEmailUnverified);
  }
  const email = normaliseEmail(rawEmail);

  const existing = await deps.users.findByEmail(email);
  if (existing) {
    await sendLinkMail(deps, client, existing, identity);
    throw new OidcPageError(409, MSG.oidcLinkSent);
  }

  const roleId = roleFromClaims(result.claims, client.settings);
  if (!roleId) {
    deps.log.info({ issuer: identity.issuer }, 'oidc sign-in without a known role: no account');
    throw new OidcPageError(403, MSG.oidcNoRole);
  }
  const institution = await deps.institutions.findByDomain(emailDomain(email));
  let classInfo: ClassInfo | null = null;
  const shortcut = roleId === ROLE_STUDENT ? flow.registerShortcut : null;
  try {
    if (shortcut) {
      classInfo = await lookUpClass(deps, shortcut);
      if (flow.memberId) await checkMember(deps, classInfo.classId, flow.memberId);
    }
  } catch (e) {
    const detail = e instanceof AppError && typeof e.detail === 'string' ? e.detail : MSG.shortcutCheckFailed;
    throw new OidcPageError(e instanceof AppError && e.code === 'BAD_REQUEST' ? 400 : 502, detail);
  }
  const name = nameOf(result.claims, email);
  if (!name) throw new OidcPageError(400, MSG.oidcNoName);
  const duration = roleId === ROLE_STUDENT ? DEFAULT_DURATION : null;
  try {
    const user = await deps.users.createOidcUser(
      // No password: the account signs in at the university (a reset link can still set one while password login is on).
      { email, name, passwordHash: 'oidc', roleId, institutionId: institution?.id ?? null, duration },
      identity,
      new Date(),
      (created) => {
        return [userRegisteredEvent(created, institution, classInfo, shortcut, flow.memberId)];
      },
    );
    deps.kickOutbox();
    deps.log.info({ userId: user.id, roleId, viaCode: Boolean(classInfo) }, 'user registered (oidc)');
    return user;
  } catch (e) {
    // The same person twice at once: the other sign-in created the account (or an account took the address meanwhile).
    if (isUniqueViolation(e)) {
      const linked = await deps.users.findByOidcIdentity(identity);
      if (linked) return linked;
      throw new OidcPageError(409, MSG.emailTaken);
    }
    throw e;
  }
}

async function sendLinkMail(deps: AuthDeps, client: OidcClient, user: UserRow, identity: OidcIdentityKey): Promise<void> {
  const hit = await hitRateLimit(deps.store, `auth:oidc:link-mail:${user.id}`, LINK_MAIL_LIMIT.limit, LINK_MAIL_LIMIT.windowSeconds);
  if (!hit.allowed) throw new OidcPageError(429, MSG.oidcLinkLimited);
  const { token, hash } = newEmailToken();
  const mail = oidcLinkMail({ to: user.email, name: user.name, link: oidcLinkLink(deps.cfg.PUBLIC_BASE_URL, token), label: client.settings.label });
  await deps.users.addToken(user.id, { purpose: 'oidc-link', hash, expiresAt: new Date(Date.now() + TOKEN_TTL_MS['oidc-link']), oidc: identity }, [
    { topic: Topic.MailRequested, key: user.id, payload: mail },
  ]);
  deps.kickOutbox();
  deps.log.info({ userId: user.id }, 'oidc link mail sent');
}

/** GET /api/auth/oidc/link?token=…: the owner of the address confirms; the identity is linked and the person signed in. */
export async function linkOidc(deps: AuthDeps, token: string): Promise<OidcOutcome> {
  oidcOf(deps);
  if (!looksLikeToken(token)) throw new OidcPageError(400, MSG.oidcLinkInvalid);
  const row = await deps.users.findToken(hashToken(token), 'oidc-link');
  if (!row || !row.oidcIssuer || !row.oidcSubject) throw new OidcPageError(400, MSG.oidcLinkInvalid);
  const ok = await deps.users.linkOidcIdentity(row.id, row.userId, { issuer: row.oidcIssuer, subject: row.oidcSubject }, new Date());
  if (!ok) throw new OidcPageError(400, MSG.oidcLinkInvalid);
  const user = row.user;
  const session = await deps.sessions.issue({ id: user.id, roleId: user.roleId, email: user.email, name: user.name });
  deps.log.info({ userId: user.id }, 'oidc identity linked');
  return { user, session, landing: landingOf(user.roleId) };
}

/** The issuer's logout address for this session, when it began there (null otherwise). */
export async function issuerLogoutUrl(deps: AuthDeps, sessionId: string): Promise<string | null> {
  if (!deps.oidc || !sessionId) return null;
  const idToken = await deps.sessions.oidcIdTokenOf(sessionId);
  if (!idToken) return null;
  return deps.oidc.logoutUrl(idToken, `${baseUrl(deps.cfg.PUBLIC_BASE_URL)}/`);
}
