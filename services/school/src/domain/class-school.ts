import type { Deps } from './deps.js';
import { schoolAccess } from './access.js';

/** gRPC CheckClassSchool: the class's teacher may use the school (404 otherwise); which site ids are not its sites. */
export async function checkClassSchool(deps: Deps, schoolId: string, teacherId: string, siteIds: string[]) {
  const { school } = await schoolAccess(deps, { userId: teacherId, role: 'teacher' }, schoolId);
  const known = new Set((await deps.sites.list(school.id)).map((s) => s.id));
  return { schoolName: school.name, unknownSiteIds: [...new Set(siteIds.filter((id) => !known.has(id)))] };
}
