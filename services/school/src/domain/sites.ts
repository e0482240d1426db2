import { AppError, isUuid } from '@stundenplan/base';
import { isForeignKeyViolation, isUniqueViolation } from '../data/prisma.js';
import type { SchoolRow } from '../data/school-repository.js';
import type { SiteRow } from '../data/site-repository.js';
import type { Deps } from './deps.js';
import { LIMITS, MSG } from './messages.js';

export interface SiteInput {
  name: string;
  address?: string | undefined;
}

function checkedSite(input: SiteInput): Omit<SiteRow, 'id'> {
  const name = input.name.trim();
  if (!name || name.length > LIMITS.nameLength) throw AppError.badRequest(MSG.siteName);
  const address = (input.address ?? '').trim();
  if (address.length > LIMITS.addressLength) throw AppError.badRequest(MSG.siteAddress);
  return { name, address };
}

const nameTaken = (name: string) => (e: unknown) => {
  throw isUniqueViolation(e) ? AppError.conflict(MSG.siteNameTaken(name)) : e;
};

/** The school's site, or 404 'Standort nicht gefunden.'. */
export async function findSite(deps: Deps, school: SchoolRow, siteId: string): Promise<SiteRow> {
  const site = isUuid(siteId) ? await deps.sites.find(school.id, siteId) : null;
  if (!site) throw AppError.notFound(MSG.siteNotFound);
  return site;
}

export async function listSites(deps: Deps, school: SchoolRow) {
  return { sites: await deps.sites.list(school.id) };
}

export async function createSite(deps: Deps, school: SchoolRow, input: SiteInput) {
  const site = checkedSite(input);
  if ((await deps.sites.count(school.id)) >= LIMITS.sites) throw AppError.badRequest(MSG.tooManySites);
  return { site: await deps.sites.create(school.id, site).catch(nameTaken(site.name)) };
}

export async function updateSite(deps: Deps, school: SchoolRow, siteId: string, input: SiteInput) {
  const existing = await findSite(deps, school, siteId);
  const site = checkedSite(input);
  return { site: await deps.sites.update(existing.id, site).catch(nameTaken(site.name)) };
}

/** A site with rooms stays (409); its travel times go with it. */
export async function deleteSite(deps: Deps, school: SchoolRow, siteId: string) {
  const site = await findSite(deps, school, siteId);
  const hasRooms = async () => AppError.conflict(MSG.siteHasRooms(site.name, await deps.sites.roomCount(site.id)));
  if ((await deps.sites.roomCount(site.id)) > 0) throw await hasRooms();
  await deps.sites.delete(site.id).catch(async (e: unknown) => {
    // A room added since the count: the rooms' foreign key refuses the delete.
    throw isForeignKeyViolation(e) ? await hasRooms() : e;
  });
  return { message: MSG.siteDeleted };
}
