import { AppError, escapeHtml, parseQuery, type RequestMessages, type RequestSchema } from '@stundenplan/base';
import { auth } from '@stundenplan/contracts';
import type { Express, Request, Response } from 'express';
import { MSG } from '../domain/messages.js';
import type { AuthDeps } from '../domain/deps.js';
import { authConfigView, callbackUrlOf, finishOidc, FLOW_TTL_SECONDS, linkOidc, OidcPageError, startOidc, type OidcOutcome } from '../domain/oidc-sign-in.js';
import { cookieSecure, setSessionCookie } from './session-cookie.js';

/** Binds a started sign-in to the browser that started it (login CSRF): the callback must bring the same state. */
const FLOW_COOKIE = 'sp_oidc_state';
const FLOW_COOKIE_PATH = '/api/auth/oidc';

function cookieValue(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}

/** A small German page: the callback and the link of the mail are opened by the browser itself, not by the web app. */
function sendPage(res: Response, status: number, detail: string): void {
  const title = status === 409 ? 'Bitte bestätige deine E-Mail-Adresse' : 'Anmeldung nicht möglich';
  res
    .status(status)
    .type('html')
    .send(
      `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} – Stundenplan-Assistent</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2937;max-width:560px;margin:0 auto;padding:32px 20px">
<main><h1 style="font-size:24px">${escapeHtml(title)}</h1>
<p role="alert">${escapeHtml(detail)}</p>
<p><a href="/login">Zurück zur Anmeldung</a> · <a href="/">Zur Startseite</a></p></main>
</body></html>`,
    );
}

/** The texts of a query the contract refuses (docs/product/api.md "Session and account"). */
const LOGIN_QUERY = { '': MSG.redirectInvalid, redirect: MSG.redirectInvalid, register_shortcut: MSG.invalidShortcut, member_id: MSG.memberIdFormat };
const CALLBACK_QUERY = { '': MSG.oidcFlowInvalid, state: MSG.oidcFlowInvalid, error: MSG.oidcCancelled, code: MSG.oidcFlowInvalid };
const LINK_QUERY = { '': MSG.oidcLinkInvalid, token: MSG.oidcLinkInvalid };

/** The query as the contract gives it; a refused one is shown as the page of that text (the browser opened the address). */
function pageQuery<T>(contract: { query: RequestSchema<T> }, req: Request, messages: RequestMessages): T {
  try {
    return parseQuery(contract, req, messages);
  } catch (e) {
    if (e instanceof AppError && typeof e.detail === 'string') throw new OidcPageError(e.httpStatus, e.detail);
    throw e;
  }
}

function noStore(res: Response): void {
  res.setHeader('Cache-Control', 'no-store');
}

/** docs/product/api.md "Session and account" (the university sign-in rows). */
export function registerOidcRoutes(app: Express, deps: AuthDeps): void {
  const { cfg } = deps;
  const flowCookie = { httpOnly: true, sameSite: 'lax' as const, path: FLOW_COOKIE_PATH, secure: cookieSecure(cfg) };

  const signIn = (res: Response, outcome: OidcOutcome) => {
    setSessionCookie(res, cfg, outcome.session.token, outcome.session.expiresAt);
    res.redirect(302, outcome.landing);
  };

  app.get('/api/auth/config', (_req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(authConfigView(deps));
  });

  app.get('/api/auth/oidc/login', async (req: Request, res: Response) => {
    noStore(res);
    const { url, state } = await startOidc(deps, () => parseQuery(auth.oidcLogin, req, LOGIN_QUERY));
    res.cookie(FLOW_COOKIE, state, { ...flowCookie, maxAge: FLOW_TTL_SECONDS * 1000 });
    res.redirect(302, url);
  });

  app.get('/api/auth/oidc/callback', async (req: Request, res: Response) => {
    noStore(res);
    res.clearCookie(FLOW_COOKIE, flowCookie);
    if (!deps.oidc) return sendPage(res, 404, MSG.oidcOff);
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    try {
      const params = pageQuery(auth.oidcCallback, req, CALLBACK_QUERY);
      signIn(res, await finishOidc(deps, params, new URL(`${callbackUrlOf(deps)}${query}`), cookieValue(req, FLOW_COOKIE)));
    } catch (e) {
      if (e instanceof OidcPageError) return sendPage(res, e.status, e.detail);
      throw e;
    }
  });

  app.get('/api/auth/oidc/link', async (req: Request, res: Response) => {
    noStore(res);
    if (!deps.oidc) return sendPage(res, 404, MSG.oidcOff);
    try {
      const { token } = pageQuery(auth.oidcLink, req, LINK_QUERY);
      signIn(res, await linkOidc(deps, token));
    } catch (e) {
      if (e instanceof OidcPageError) return sendPage(res, e.status, e.detail);
      throw e;
    }
  });
}
