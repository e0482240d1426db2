import { AppError } from '@stundenplan/base';
import type { SchoolRow } from '../data/school-repository.js';
import type { TravelRow } from '../data/site-repository.js';
import type { Deps } from './deps.js';
import { LIMITS, MSG } from './messages.js';

export interface TravelEntry {
  from: string;
  to: string;
  minutes: number;
}

const view = (rows: TravelRow[]) => ({
  travel: rows.map((r) => ({ from: r.fromSite, to: r.toSite, minutes: r.minutes })),
  default_minutes: LIMITS.defaultTravelMinutes,
});

export async function getTravel(deps: Deps, school: SchoolRow) {
  return view(await deps.sites.travel(school.id));
}

/** Replaces the school's travel minutes; each unordered pair of two of its sites at most once, 0-240 minutes. */
export async function setTravel(deps: Deps, school: SchoolRow, entries: TravelEntry[]) {
  const siteIds = new Set((await deps.sites.list(school.id)).map((s) => s.id));
  const pairs = new Map<string, TravelRow>();
  for (const e of entries) {
    for (const id of [e.from, e.to]) if (!siteIds.has(id)) throw AppError.badRequest(MSG.travelSite(id));
    if (e.from === e.to) throw AppError.badRequest(MSG.travelSameSite);
    if (!Number.isInteger(e.minutes) || e.minutes < 0 || e.minutes > LIMITS.travelMinutes) throw AppError.badRequest(MSG.travelMinutes);
    const [fromSite, toSite] = e.from < e.to ? [e.from, e.to] : [e.to, e.from];
    const key = `${fromSite}/${toSite}`;
    if (pairs.has(key)) throw AppError.badRequest(MSG.travelTwice);
    pairs.set(key, { fromSite, toSite, minutes: e.minutes });
  }
  await deps.sites.replaceTravel(school.id, [...pairs.values()]);
  return getTravel(deps, school);
}
