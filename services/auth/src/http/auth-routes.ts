import { assertUser, clientAddressOf, parseBody } from '@stundenplan/base';
import { auth } from '@stundenplan/contracts';
import type { Express, Request, Response } from 'express';
import { deleteAccount, currentUser, getProfile } from '../domain/account.js';
import { confirmEmail } from '../domain/confirm-email.js';
import type { AuthDeps } from '../domain/deps.js';
import { login, resendConfirmation } from '../domain/login.js';
import { MSG } from '../domain/messages.js';
import { assertPasswordLogin, issuerLogoutUrl } from '../domain/oidc-sign-in.js';
import { checkResetToken, forgotPassword, updatePassword } from '../domain/password-reset.js';
import { registerUser } from '../domain/register-user.js';
import { meView } from '../domain/user-views.js';
import { clearSessionCookie, setSessionCookie } from './session-cookie.js';

/** Answers carrying tokens or personal data must not be cached by anything in between. */
function noStore(res: Response): void {
  res.setHeader('Cache-Control', 'no-store');
}

/** The texts of a body the contract refuses, in the order the domain checks the fields (docs/product/errors.md). */
const CREDENTIALS = { email: MSG.loginInput, password: MSG.loginInput };
const REGISTRATION = {
  name: MSG.name,
  email: MSG.email,
  password: MSG.password,
  role_id: MSG.role,
  institution_id: MSG.unknownInstitution,
  memberId: MSG.memberIdFormat,
  registerShortcut: MSG.invalidShortcut,
  duration: MSG.duration,
};

/** docs/product/api.md "Session and account" (the auth part). Express 5 forwards rejected promises to the error handler. */
export function registerAuthRoutes(app: Express, deps: AuthDeps): void {
  const { cfg } = deps;

  app.get('/api/me', async (req: Request, res: Response) => {
    noStore(res);
    const user = await currentUser(deps, assertUser(req));
    res.json(meView(user));
  });

  app.delete('/api/me', async (req: Request, res: Response) => {
    noStore(res);
    const answer = await deleteAccount(deps, assertUser(req));
    clearSessionCookie(res, cfg);
    res.json(answer);
  });

  app.get('/api/profile', async (req: Request, res: Response) => {
    noStore(res);
    res.json(await getProfile(deps, assertUser(req)));
  });

  app.post('/api/auth/login', async (req: Request, res: Response) => {
    noStore(res);
    assertPasswordLogin(deps);
    const { user, session } = await login(deps, parseBody(auth.login, req, CREDENTIALS), clientAddressOf(req));
    setSessionCookie(res, cfg, session.token, session.expiresAt);
    res.json({ message: MSG.loginOk, ...meView(user) });
  });

  app.post('/api/auth/logout', async (req: Request, res: Response) => {
    noStore(res);
    // A session begun at the university ends there too: the web sends the browser to logout_url.
    const logoutUrl = req.user ? await issuerLogoutUrl(deps, req.user.sessionId) : null;
    if (req.user) await deps.sessions.revokeSession(req.user.sessionId);
    clearSessionCookie(res, cfg);
    res.json(logoutUrl ? { message: MSG.logoutOk, logout_url: logoutUrl } : { message: MSG.logoutOk });
  });

  app.post('/api/auth/register', async (req: Request, res: Response) => {
    noStore(res);
    assertPasswordLogin(deps);
    const { message } = await registerUser(deps, parseBody(auth.register, req, REGISTRATION));
    res.status(201).json({ message });
  });

  app.post('/api/auth/resend-confirmation', async (req: Request, res: Response) => {
    noStore(res);
    assertPasswordLogin(deps);
    res.json(await resendConfirmation(deps, parseBody(auth.resendConfirmation, req, CREDENTIALS)));
  });

  app.post('/api/auth/confirm-email', async (req: Request, res: Response) => {
    noStore(res);
    res.json(await confirmEmail(deps, parseBody(auth.confirmEmail, req, { token: MSG.tokenMissing })));
  });

  app.post('/api/auth/forgot-password', async (req: Request, res: Response) => {
    noStore(res);
    assertPasswordLogin(deps);
    res.json(await forgotPassword(deps, parseBody(auth.forgotPassword, req, { email: MSG.email })));
  });

  app.post('/api/auth/check-reset-token', async (req: Request, res: Response) => {
    noStore(res);
    assertPasswordLogin(deps);
    res.json(await checkResetToken(deps, parseBody(auth.checkResetToken, req, { token: MSG.invalidLink })));
  });

  app.post('/api/auth/update-password', async (req: Request, res: Response) => {
    noStore(res);
    assertPasswordLogin(deps);
    const { message, userId } = await updatePassword(deps, parseBody(auth.updatePassword, req, { token: MSG.invalidLink, password: MSG.password }));
    // The browser that reset the password may hold an (now revoked) session of this user.
    if (req.user?.userId === userId) clearSessionCookie(res, cfg);
    res.json({ message });
  });
}
