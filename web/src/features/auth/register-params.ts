/**
 * docs/product/screens.md: /register/{registerShortcut} may carry '&memberId=value' inside the route
 * parameter; a memberId query parameter is accepted too (the parameter suffix wins).
 */
export function parseRegisterParams(param: string | undefined, search: string): { shortcut: string | null; memberId: string | null } {
  const [rawShortcut = '', ...rest] = (param ?? '').split('&');
  const shortcut = safeDecode(rawShortcut).trim().toLowerCase() || null;
  let memberId: string | null = null;
  for (const part of rest) {
    const [key, value] = part.split('=');
    if (key === 'memberId' && value) memberId = safeDecode(value).trim();
  }
  if (!memberId) memberId = new URLSearchParams(search).get('memberId')?.trim() || null;
  return { shortcut, memberId };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
