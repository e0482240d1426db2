/** Display names and default schedule names (docs/product/planning.md student panels, docs/product/planning.md "Planner"). */

const UNKNOWN = 'Unbekannt';

function words(name: string): string[] {
  return name.trim().split(/\s+/).filter(Boolean);
}

/** "Anna Maria Müller" -> "Anna M."; a single word stays as it is; empty -> 'Unbekannt'. */
export function shortName(fullName: string | null | undefined): string {
  const parts = words(fullName ?? '');
  if (parts.length === 0) return UNKNOWN;
  if (parts.length === 1) return parts[0]!;
  return `${parts[0]} ${parts[parts.length - 1]!.charAt(0).toUpperCase()}.`;
}

/**
 * Short names for a list of members; members whose short names would collide keep their full
 * name, so two "Anna M." are never confused.
 */
export function shortNames(members: ReadonlyArray<{ member_id: string; name: string }>): Map<string, string> {
  const counts = new Map<string, number>();
  for (const m of members) {
    const s = shortName(m.name);
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  const out = new Map<string, string>();
  for (const m of members) {
    const s = shortName(m.name);
    out.set(m.member_id, (counts.get(s) ?? 0) > 1 ? m.name.trim() || UNKNOWN : s);
  }
  return out;
}

/** "22.11.2025" in the browser's time zone. */
export function formatGermanDate(date: Date): string {
  return new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
}

/** "22.11.2025 14:05" in the browser's time zone. */
export function formatGermanDateTime(date: Date): string {
  const time = new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit', hour12: false }).format(date);
  return `${formatGermanDate(date)} ${time}`;
}

/** docs/product/planning.md: 'Stundenplan' + class name + German date and time. */
export function defaultScheduleName(className: string, date: Date): string {
  const cls = className.trim();
  return cls ? `Stundenplan ${cls} ${formatGermanDateTime(date)}` : `Stundenplan ${formatGermanDateTime(date)}`;
}

/** docs/product/planning.md/docs/product/planning.md: calculated plans are named 'Berechneter Plan' + a date. */
export function calculatedPlanName(date: Date): string {
  return `Berechneter Plan ${formatGermanDate(date)}`;
}
