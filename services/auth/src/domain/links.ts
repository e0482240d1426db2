/** Links in mails point at this deployment's web pages (PUBLIC_BASE_URL). */
export function baseUrl(publicBaseUrl: string): string {
  return publicBaseUrl.replace(/\/+$/, '');
}

export function confirmLink(publicBaseUrl: string, token: string): string {
  return `${baseUrl(publicBaseUrl)}/confirm-email?token=${encodeURIComponent(token)}`;
}

/**
 * The reset link: `${PUBLIC_BASE_URL}/update-password#token=…`. A client-sent redirectTo is only
 * used when it is a page of this deployment (same origin and path prefix as PUBLIC_BASE_URL).
 */
export function resetLink(publicBaseUrl: string, token: string, redirectTo?: unknown): string {
  const base = baseUrl(publicBaseUrl);
  let target = `${base}/update-password`;
  if (typeof redirectTo === 'string' && redirectTo.trim()) {
    try {
      const wanted = new URL(redirectTo.trim());
      const own = new URL(base);
      const ownPath = own.pathname.replace(/\/+$/, '');
      if (wanted.origin === own.origin && (wanted.pathname === ownPath || wanted.pathname.startsWith(`${ownPath}/`))) {
        wanted.hash = '';
        target = wanted.toString();
      }
    } catch {
      /* not a URL: keep the default */
    }
  }
  return `${target}#token=${encodeURIComponent(token)}`;
}

/** The link of the mail that connects an existing account with the university sign-in. */
export function oidcLinkLink(publicBaseUrl: string, token: string): string {
  return `${baseUrl(publicBaseUrl)}/api/auth/oidc/link?token=${encodeURIComponent(token)}`;
}
