import { AppError, isUuid } from '@stundenplan/base';
import { normalizeTags } from '@stundenplan/contracts';
import { assertOwnsClass } from './classes.js';
import type { Deps } from './context.js';
import { MSG } from './messages.js';

/** At most this many sites per class or member (a school has at most 50). */
const SITES_MAX = 50;
const FAMILY_MAX = 100;

export interface ClassSchoolInput {
  school_id: string | null;
  sites?: string[] | undefined;
  needs?: string[] | undefined;
}

/** Equipment tags of a class or member: 1-40 characters each, at most 20, each once. */
export function checkedNeeds(list: readonly unknown[]): string[] {
  const result = normalizeTags(list);
  if ('bad' in result) throw AppError.badRequest(MSG.needsTag(result.bad));
  if ('tooMany' in result) throw AppError.badRequest(MSG.needs);
  return result.tags;
}

/** Site ids, each once; the school service says which are its sites (404 when the teacher may not use the school). */
export async function checkedSites(deps: Deps, schoolId: string, teacherId: string, list: readonly string[]): Promise<string[]> {
  const sites = [...new Set(list.map((s) => s.trim()))];
  if (sites.length > SITES_MAX) throw AppError.badRequest(MSG.sites);
  const { unknownSiteIds } = await deps.school.checkClassSchool(schoolId, teacherId, sites);
  if (unknownSiteIds.length) throw AppError.badRequest(MSG.unknownSite(unknownSiteIds[0]!));
  return sites;
}

/** A member's family label: trimmed, at most 100 characters; empty = none. */
export function checkedFamily(family: string | null): string | null {
  const f = (family ?? '').trim();
  if (f.length > FAMILY_MAX) throw AppError.badRequest(MSG.family);
  return f || null;
}

const view = (row: { schoolId: string; sites: string[]; needs: string[] } | null) => ({
  school_id: row?.schoolId ?? null,
  sites: row?.sites ?? [],
  needs: row?.needs ?? [],
});

/** A class's school settings for the gRPC answers (no owner check: the caller authorized the class). */
export function findClassSchool(deps: Deps, classId: string): Promise<{ schoolId: string; sites: string[]; needs: string[] } | null> {
  return deps.data.classSchools.find(classId);
}

/** GET /api/classes/{classId}/school. */
export async function getClassSchool(deps: Deps, teacherId: string, classId: string) {
  await assertOwnsClass(deps.data.classes, classId, teacherId);
  return view(await deps.data.classSchools.find(classId));
}

/** PUT /api/classes/{classId}/school: the school must be one the teacher teaches at or administers. */
export async function setClassSchool(deps: Deps, teacherId: string, classId: string, input: ClassSchoolInput) {
  await assertOwnsClass(deps.data.classes, classId, teacherId);
  if (input.school_id === null) {
    await deps.data.classSchools.set(classId, null);
    return { ...view(null), message: MSG.classSchoolRemoved };
  }
  if (!isUuid(input.school_id)) throw AppError.notFound(MSG.schoolNotFound);
  const needs = checkedNeeds(input.needs ?? []);
  const sites = await checkedSites(deps, input.school_id, teacherId, input.sites ?? []);
  const row = { schoolId: input.school_id, sites, needs };
  await deps.data.classSchools.set(classId, row);
  return { ...view(row), message: MSG.classSchoolSaved };
}
