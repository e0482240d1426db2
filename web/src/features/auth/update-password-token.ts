// docs/product/accounts.md: the reset token arrives in the URL hash (#token=…) or the query (?token=…).
type LocationLike = Pick<Location, 'hash' | 'search'>;

export function readResetToken(location: LocationLike): string | null {
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
  const fromQuery = new URLSearchParams(location.search).get('token');
  const token = (fromHash ?? fromQuery ?? '').trim();
  return token || null;
}

/** Removes the token (and only it) from the address bar without a navigation. */
export function stripResetTokenFromUrl(win: Window = window): void {
  const url = new URL(win.location.href);
  url.searchParams.delete('token');
  const hashParams = new URLSearchParams(url.hash.replace(/^#/, ''));
  hashParams.delete('token');
  const hash = hashParams.toString();
  const search = url.searchParams.toString();
  win.history.replaceState(win.history.state, '', `${url.pathname}${search ? `?${search}` : ''}${hash ? `#${hash}` : ''}`);
}
