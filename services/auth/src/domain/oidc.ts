import * as oidc from 'openid-client';
import type { Logger } from '@stundenplan/base';
import type { Config } from '../config.js';
import { ROLE_STUDENT, ROLE_TEACHER } from './registration-rules.js';

/** University sign-in settings (null when OIDC_ISSUER is not set). */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  roleClaim: string;
  teacherValues: string[];
  studentValues: string[];
  label: string;
}

const list = (v: string): string[] =>
  v
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

export function oidcSettings(cfg: Config): OidcSettings | null {
  if (!cfg.OIDC_ISSUER || !cfg.OIDC_CLIENT_ID) return null;
  return {
    issuer: cfg.OIDC_ISSUER,
    clientId: cfg.OIDC_CLIENT_ID,
    clientSecret: cfg.OIDC_CLIENT_SECRET || undefined,
    roleClaim: cfg.OIDC_ROLE_CLAIM,
    teacherValues: list(cfg.OIDC_TEACHER_VALUES),
    studentValues: list(cfg.OIDC_STUDENT_VALUES),
    label: cfg.OIDC_LABEL,
  };
}

/**
 * The role the claims give: any teacher value makes a teacher (a member of staff who also studies
 * teaches here), else any student value a student, else null (no account). The claim may be a string or
 * a list; scoped values ('faculty@uni-example.de', as eduPersonScopedAffiliation sends them) count by
 * their part before '@'; a dotted claim name ('realm_access.roles') reads a nested claim.
 */
export function roleFromClaims(claims: Record<string, unknown>, s: Pick<OidcSettings, 'roleClaim' | 'teacherValues' | 'studentValues'>): 1 | 2 | null {
  let raw: unknown = claims[s.roleClaim];
  if (raw === undefined && s.roleClaim.includes('.')) {
    raw = s.roleClaim.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), claims);
  }
  const values = (Array.isArray(raw) ? raw : [raw])
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.trim().toLowerCase().replace(/@.*$/, ''))
    .filter(Boolean);
  if (values.some((v) => s.teacherValues.includes(v))) return ROLE_TEACHER;
  if (values.some((v) => s.studentValues.includes(v))) return ROLE_STUDENT;
  return null;
}

const PROBE_ORIGIN = 'http://local.invalid';
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
const BACKSLASH_OR_CONTROL = /[\\\u0000-\u001f\u007f]/;

/** A path as the browser will read it: one leading slash, then no second slash or backslash, nothing hidden in escapes. */
function isPlainPath(path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  return /^\/(?![/\\])/.test(path) && /^\/(?![/\\])/.test(decoded) && !BACKSLASH_OR_CONTROL.test(path) && !BACKSLASH_OR_CONTROL.test(decoded);
}

/**
 * A page of this deployment to land on after the sign-in, or null. Only a path of this site: no scheme,
 * no host ('//evil.example', '/\evil.example', 'https:…'), no backslashes or control characters, not the API.
 * Checked before AND after the dot segments are resolved: '/.//evil.example', '/..//evil.example',
 * '/%2e%2e//evil.example' and '/a/../..//evil.example' all resolve to '//evil.example', which a browser
 * reads as another host.
 */
export function safeLocalPath(v: unknown): string | null {
  if (typeof v !== 'string' || !v || v.length > 512) return null;
  if (!isPlainPath(v)) return null;
  let url: URL;
  try {
    url = new URL(v, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || !isPlainPath(url.pathname)) return null;
  if (decodeURIComponent(url.pathname).startsWith('/api/')) return null;
  const resolved = `${url.pathname}${url.search}${url.hash}`;
  return isPlainPath(resolved) ? resolved : null;
}

export interface OidcFlow {
  codeVerifier: string;
  state: string;
  nonce: string;
}

/** The identity and profile a successful sign-in yields (claims of the verified ID token). */
export interface OidcResult {
  claims: Record<string, unknown> & { iss: string; sub: string };
  idToken: string;
}

/**
 * The client at the university's issuer, through openid-client (OpenID Certified): discovery once
 * (again after a failure), authorization code flow with PKCE (S256), state and nonce, ID token checked
 * against the issuer's keys (JWKS), iss, aud, exp and nonce by the library.
 */
export class OidcClient {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(
    readonly settings: OidcSettings,
    private readonly log: Logger,
  ) {}

  /** Plain http only for an issuer on this machine (tests and local Keycloak); everywhere else https. */
  private insecureAllowed(): boolean {
    const url = new URL(this.settings.issuer);
    return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  }

  private config(): Promise<oidc.Configuration> {
    if (!this.configuration) {
      // enableNonRepudiationChecks: the ID token's signature is checked against the issuer's JWKS (not only TLS to the token endpoint).
      const execute = [oidc.enableNonRepudiationChecks, ...(this.insecureAllowed() ? [oidc.allowInsecureRequests] : [])];
      const options = { execute };
      const auth = this.settings.clientSecret ? oidc.ClientSecretBasic(this.settings.clientSecret) : oidc.None();
      this.configuration = oidc.discovery(new URL(this.settings.issuer), this.settings.clientId, undefined, auth, options);
      this.configuration.catch((e: unknown) => {
        this.log.warn({ err: (e as Error).message, issuer: this.settings.issuer }, 'oidc discovery failed');
        this.configuration = undefined;
      });
    }
    return this.configuration;
  }

  newFlow(): OidcFlow {
    return { codeVerifier: oidc.randomPKCECodeVerifier(), state: oidc.randomState(), nonce: oidc.randomNonce() };
  }

  async authorizationUrl(flow: OidcFlow, redirectUri: string): Promise<URL> {
    const config = await this.config();
    return oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
  }

  /** Exchanges the code; throws when anything does not check out (state, nonce, signature, a used code). */
  async finish(callbackUrl: URL, flow: OidcFlow): Promise<OidcResult> {
    const config = await this.config();
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims || !tokens.id_token) throw new Error('no ID token');
    return { claims: claims as OidcResult['claims'], idToken: tokens.id_token };
  }

  /** Where the browser ends the session at the issuer (RP-initiated logout), or null when the issuer has none. */
  async logoutUrl(idToken: string, postLogoutRedirectUri: string): Promise<string | null> {
    try {
      const config = await this.config();
      if (!config.serverMetadata().end_session_endpoint) return null;
      return oidc.buildEndSessionUrl(config, { id_token_hint: idToken, post_logout_redirect_uri: postLogoutRedirectUri }).href;
    } catch (e) {
      this.log.warn({ err: (e as Error).message }, 'oidc logout url failed');
      return null;
    }
  }
}
