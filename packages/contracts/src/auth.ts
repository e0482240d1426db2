// docs/product/api.md "Session and account" (auth service).
import { z } from 'zod';
import { messageAnswer, messageEndpoint } from './common.js';
import { defineEndpoint } from './endpoint.js';

/** docs/product/data.md User (GET /api/me). */
export const sessionUser = z.object({
  role: z.enum(['teacher', 'student']),
  username: z.string(),
  email: z.string(),
  profilePicture: z.string().nullable(),
  role_id: z.number().int(),
  user_id: z.string(),
});

/** docs/product/data.md Profile membership. */
export const profileMembership = z.object({
  duration: z.number().nullable(),
  member_id: z.string(),
  student_id: z.string().nullable(),
  class_id: z.string(),
  classes: z.object({ name: z.string().nullable(), class_id: z.string() }).nullable(),
  teacher_name: z.string().nullable(),
  institution: z.string().nullable(),
  deadline: z.string().nullable(),
  allow_late_changes: z.boolean(),
});

/** docs/product/data.md Profile. */
export const profile = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['teacher', 'student']),
  role_id: z.number().int(),
  duration: z.number().nullable(),
  profilePicture: z.string().nullable(),
  institution: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  classes: z.array(profileMembership),
});

export const institution = z.object({ id: z.string(), name: z.string(), students_mail: z.string().nullable(), teachers_mail: z.string().nullable() });

const credentials = z.object({ email: z.string(), password: z.string() });

/** PASSWORD_LOGIN=false: the password endpoints answer 403. */
const passwordLoginOff = "Sign-in only through the university (PASSWORD_LOGIN=false): 'Die Anmeldung erfolgt über den Hochschul-Login.'";

export const me = defineEndpoint({
  id: 'getMe',
  method: 'GET',
  path: '/api/me',
  summary: 'The session check: who is logged in.',
  access: 'user',
  service: 'auth',
  answer: sessionUser,
  errors: { 401: 'Not logged in.' },
});

export const deleteMe = messageEndpoint({
  id: 'deleteMe',
  method: 'DELETE',
  path: '/api/me',
  summary: 'Delete the own account; the session cookie is cleared.',
  access: 'user',
  service: 'auth',
  errors: { 401: 'Not logged in.' },
});

export const getProfile = defineEndpoint({
  id: 'getProfile',
  method: 'GET',
  path: '/api/profile',
  summary: 'The own profile, with the memberships of a student.',
  access: 'user',
  service: 'auth',
  answer: profile,
  errors: { 401: 'Not logged in.' },
});

export const login = defineEndpoint({
  id: 'login',
  method: 'POST',
  path: '/api/auth/login',
  summary: 'Log in; sets the session cookie.',
  access: 'public',
  service: 'auth',
  body: credentials,
  answer: sessionUser.extend({ message: z.string() }),
  errors: {
    400: 'Missing or invalid input.',
    401: 'Wrong e-mail or password.',
    403: `E-mail not confirmed yet; or: ${passwordLoginOff}`,
    429: 'Too many attempts.',
  },
});

export const logout = defineEndpoint({
  id: 'logout',
  method: 'POST',
  path: '/api/auth/logout',
  summary: 'End the session; a session begun at the university also names where the browser ends it there (RP-initiated logout).',
  access: 'public',
  service: 'auth',
  answer: messageAnswer.extend({ logout_url: z.string().optional() }),
  errors: {},
});

/** What the login and registration pages offer (GET /api/auth/config). */
export const authConfig = z.object({
  password_login: z.boolean(),
  oidc: z.object({ enabled: z.boolean(), label: z.string().nullable() }),
});

export const getAuthConfig = defineEndpoint({
  id: 'getAuthConfig',
  method: 'GET',
  path: '/api/auth/config',
  summary: 'Which sign-in the deployment offers: password login and/or the university sign-in (OpenID Connect) with its button label.',
  access: 'public',
  service: 'auth',
  answer: authConfig,
  errors: {},
});

export const oidcLogin = defineEndpoint({
  id: 'oidcLogin',
  method: 'GET',
  path: '/api/auth/oidc/login',
  summary:
    'Start the university sign-in: redirects (302) to the issuer (authorization code flow with PKCE, state and nonce). `redirect`: a local path to land on afterwards; `register_shortcut`/`member_id`: a registration code or invitation to join with the new account.',
  access: 'public',
  service: 'auth',
  query: z.object({
    redirect: z.string().optional().meta({ description: 'A path of this application (at most 512 characters), e.g. /student/classes.' }),
    register_shortcut: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,100}$/)
      .optional()
      .meta({ description: 'A registration code (wort-wort-wort): the new account joins that course.' }),
    member_id: z.string().optional().meta({ description: 'The invited member (a UUID); only with register_shortcut.' }),
  }),
  answer: undefined,
  status: 302,
  errors: {
    400: "The redirect is not a local path ('Das Ziel nach der Anmeldung muss eine Seite dieser Anwendung sein.'), or the code or member id is malformed.",
    404: 'No university sign-in configured.',
    503: 'The issuer cannot be reached.',
  },
});

export const oidcCallback = defineEndpoint({
  id: 'oidcCallback',
  method: 'GET',
  path: '/api/auth/oidc/callback',
  summary:
    'Where the issuer sends the browser back: checks state (bound to the browser), code (PKCE) and the ID token (issuer keys, nonce); sets the session cookie and redirects (302) to /scheduling, /student or the redirect asked for. A refusal is a German HTML page.',
  access: 'public',
  service: 'auth',
  query: z.object({
    code: z.string().optional().meta({ description: 'The authorization code.' }),
    state: z.string().optional().meta({ description: 'The state the sign-in was started with (also in the browser’s cookie).' }),
    error: z.string().optional().meta({ description: 'Set by the issuer when the sign-in was cancelled or refused there.' }),
  }),
  answer: undefined,
  status: 302,
  errorKind: 'text/html',
  errors: {
    400: 'Expired, replayed or forged sign-in, a malformed query, or no valid e-mail in the claims.',
    403: 'The claims carry no role the product knows; no account is created.',
    404: 'No university sign-in configured.',
    409: 'An account with this e-mail exists: a link mail was sent to connect it.',
    429: 'A link mail for this account was sent three times within the hour already.',
    502: 'The registration code of the sign-in could not be checked.',
  },
});

export const oidcLink = defineEndpoint({
  id: 'oidcLink',
  method: 'GET',
  path: '/api/auth/oidc/link',
  summary: 'The link of the mail that connects an existing account with the university sign-in: links once, signs in and redirects (302).',
  access: 'public',
  service: 'auth',
  query: z.object({ token: z.string().meta({ description: 'The token of the link mail.' }) }),
  answer: undefined,
  status: 302,
  errorKind: 'text/html',
  errors: { 400: 'Invalid, used or expired link, or no token.', 404: 'No university sign-in configured.' },
});

export const resendConfirmation = messageEndpoint({
  id: 'resendConfirmation',
  method: 'POST',
  path: '/api/auth/resend-confirmation',
  summary: 'Send the confirmation link again.',
  access: 'public',
  service: 'auth',
  body: credentials,
  errors: {
    400: 'Invalid input or already confirmed.',
    401: 'Wrong e-mail or password.',
    429: 'Too many requests for the account, or the address has had its mails for today (daily limit per recipient), with wait_time.',
  },
});

export const registerBody = z.object({
  email: z.string(),
  password: z.string(),
  name: z.string(),
  registerShortcut: z.string().nullish(),
  role_id: z.union([z.number(), z.string()]).nullish(),
  institution_id: z.string().nullish(),
  duration: z.union([z.number(), z.string()]).nullish(),
  memberId: z.string().nullish(),
});

export const register = messageEndpoint({
  id: 'register',
  method: 'POST',
  path: '/api/auth/register',
  summary: 'Create an account; a confirmation mail is sent.',
  access: 'public',
  service: 'auth',
  body: registerBody,
  status: 201,
  errors: { 400: 'Invalid input.', 403: passwordLoginOff, 409: 'The e-mail is taken.', 429: 'Over the mail budget.' },
});

const tokenBody = z.object({ token: z.string() });

export const confirmEmail = messageEndpoint({
  id: 'confirmEmail',
  method: 'POST',
  path: '/api/auth/confirm-email',
  summary: 'Confirm the e-mail address with the link token.',
  access: 'public',
  service: 'auth',
  body: tokenBody,
  errors: { 400: 'Invalid or expired link.' },
});

export const forgotPassword = messageEndpoint({
  id: 'forgotPassword',
  method: 'POST',
  path: '/api/auth/forgot-password',
  summary: 'Send a reset link (the same answer whether or not the account exists).',
  access: 'public',
  service: 'auth',
  // A redirect that is no string is ignored, as one outside this deployment is.
  body: z.object({ email: z.string(), redirectTo: z.string().optional().catch(undefined) }),
  errors: { 400: 'Invalid input.', 403: passwordLoginOff },
});

export const checkResetToken = defineEndpoint({
  id: 'checkResetToken',
  method: 'POST',
  path: '/api/auth/check-reset-token',
  summary: 'Whether a reset link is still valid (changes nothing).',
  access: 'public',
  service: 'auth',
  body: tokenBody,
  answer: z.object({ valid: z.literal(true) }),
  errors: { 400: "'Ungültiger Link'" },
});

export const updatePassword = messageEndpoint({
  id: 'updatePassword',
  method: 'POST',
  path: '/api/auth/update-password',
  summary: 'Set a new password with a reset link.',
  access: 'public',
  service: 'auth',
  body: z.object({ token: z.string(), password: z.string() }),
  errors: { 400: 'Invalid link or password.', 403: passwordLoginOff },
});

export const listInstitutions = defineEndpoint({
  id: 'listInstitutions',
  method: 'GET',
  path: '/api/institutions',
  summary: 'The institutions of the registration form.',
  access: 'public',
  service: 'auth',
  answer: z.array(institution),
  errors: {},
});

export const institutionMailEndings = defineEndpoint({
  id: 'getInstitutionMailEndings',
  method: 'GET',
  path: '/api/get-institution-mail-endings/{institutionId}',
  summary: 'The mail domains of one institution.',
  access: 'public',
  service: 'auth',
  answer: institution.pick({ students_mail: true, teachers_mail: true }),
  errors: { 400: 'Not an institution id.', 404: 'Unknown institution.' },
});
