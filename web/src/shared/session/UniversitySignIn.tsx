import { useQuery } from '@tanstack/react-query';
import type { AnswerOf, QueryOf } from '@stundenplan/contracts';
import { auth } from '@stundenplan/contracts/routes';
import { call, withQuery } from '../api/client';
import { buttonClass } from '../ui/Button';

/** GET /api/auth/config: which sign-in this deployment offers. */
export type AuthConfig = AnswerOf<typeof auth.getAuthConfig>;

/** While the answer is missing (or failed) the page offers what every deployment had before: the password form. */
export const DEFAULT_AUTH_CONFIG: AuthConfig = { password_login: true, oidc: { enabled: false, label: null } };

export function useAuthConfig(): AuthConfig {
  const query = useQuery({
    queryKey: ['auth-config'],
    queryFn: async ({ signal }) => (await call(auth.getAuthConfig, {}, { authRedirect: false, signal })) ?? DEFAULT_AUTH_CONFIG,
    staleTime: 10 * 60_000,
    retry: false,
  });
  return query.data ?? DEFAULT_AUTH_CONFIG;
}

/** The text of the university sign-in button. */
export const oidcButtonText = (label: string | null): string => `Mit ${label ?? 'Hochschul-Login'} anmelden`;

/** Where the button leads: the service starts the flow at the issuer (a full page navigation, not a fetch). */
export function oidcLoginHref(opts: { redirect?: string | null; registerShortcut?: string | null; memberId?: string | null } = {}): string {
  const query: QueryOf<typeof auth.oidcLogin> = {
    redirect: opts.redirect ?? undefined,
    register_shortcut: opts.registerShortcut ?? undefined,
    member_id: opts.registerShortcut && opts.memberId ? opts.memberId : undefined,
  };
  return withQuery(auth.oidcLogin.path, query);
}

/**
 * 'Mit {label} anmelden' on the login page, the mini login and the registration page, when the deployment
 * has a university sign-in; with a registration code or invitation the new account joins that course.
 */
export function UniversitySignIn({ config, registerShortcut, memberId }: { config: AuthConfig; registerShortcut?: string | null; memberId?: string | null }) {
  if (!config.oidc.enabled) return null;
  return (
    <div className="university-sign-in">
      <a
        className={buttonClass({ variant: config.password_login ? 'secondary' : 'primary', size: 'lg', block: true })}
        href={oidcLoginHref({ registerShortcut, memberId })}
      >
        {oidcButtonText(config.oidc.label)}
      </a>
      {config.password_login && <p className="university-sign-in__or">oder mit E-Mail-Adresse und Passwort</p>}
    </div>
  );
}
