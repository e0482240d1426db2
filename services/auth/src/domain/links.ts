/** Links in mails point at this deployment's web pages (PUBLIC_BASE_URL). */
export function baseUrl(publicBaseUrl: string): string {
  return publicBaseUrl.replace(/\/+$/, '');
}

export function confirmLink(publicBaseUrl: string, token: string): string {
  return `${baseUrl(publicBaseUrl)}/confirm-email?token=${encodeURIComponent(token)}`;
}

/** The pages a reset link may open: the page that sets the new password, and the reset page that hands the token on to it. */
const RESET_PAGES = ['/update-password', '/reset-password'] as const;

/**
 * The reset link: `${PUBLIC_BASE_URL}/update-password#token=…`. A client-sent redirectTo only chooses
 * between the reset pages of this deployment (same origin and path prefix as PUBLIC_BASE_URL); its query
 * and anything else is dropped. Any other page could hand the token in the fragment on (an open redirect
 * elsewhere would carry it away), so everything else keeps the default.
 */
export function resetLink(publicBaseUrl: string, token: string, redirectTo?: unknown): string {
  const base = baseUrl(publicBaseUrl);
  let page: string = RESET_PAGES[0];
  if (typeof redirectTo === 'string' && redirectTo.trim()) {
    try {
      const wanted = new URL(redirectTo.trim());
      const own = new URL(base);
      const ownPath = own.pathname.replace(/\/+$/, '');
      const chosen = RESET_PAGES.find((p) => wanted.pathname === `${ownPath}${p}`);
      if (wanted.origin === own.origin && chosen) page = chosen;
    } catch {
      /* not a URL: keep the default */
    }
  }
  return `${base}${page}#token=${encodeURIComponent(token)}`;
}

/** The link of the mail that connects an existing account with the university sign-in. */
export function oidcLinkLink(publicBaseUrl: string, token: string): string {
  return `${baseUrl(publicBaseUrl)}/api/auth/oidc/link?token=${encodeURIComponent(token)}`;
}
