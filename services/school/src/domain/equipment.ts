import { AppError } from '@stundenplan/base';
import { EQUIPMENT_LABELS, normalizeTags } from '@stundenplan/contracts';
import type { SchoolRow } from '../data/school-repository.js';
import type { Deps } from './deps.js';
import { LIMITS, MSG } from './messages.js';

const KNOWN = new Set(Object.keys(EQUIPMENT_LABELS));
/** A room with either piano also has 'piano' (a lesson that needs any piano). */
const PIANOS = ['grand_piano', 'upright_piano'];

/** The tags with 'piano' after a grand or upright piano (a lesson that needs any piano fits either). */
export function withPiano(tags: readonly string[]): string[] {
  const result = [...tags];
  if (result.some((t) => PIANOS.includes(t)) && !result.includes('piano')) result.push('piano');
  return result;
}

/** A room's tags: trimmed, each once, in the order given, with 'piano' after a grand or upright piano. */
export function checkedEquipment(list: unknown[] | undefined): string[] {
  const result = normalizeTags(list ?? []);
  if ('bad' in result) throw AppError.badRequest(MSG.equipmentTag(result.bad));
  if ('tooMany' in result) throw AppError.badRequest(MSG.equipment);
  const tags = withPiano(result.tags);
  if (tags.length > LIMITS.tags) throw AppError.badRequest(MSG.equipment);
  return tags;
}

/** The vocabulary with German labels, then the school's own tags (by name). */
export async function listEquipment(deps: Deps, school: SchoolRow) {
  const own = (await deps.rooms.tags(school.id)).filter((t) => !KNOWN.has(t)).sort((a, b) => a.localeCompare(b, 'de'));
  return {
    equipment: [...Object.entries(EQUIPMENT_LABELS).map(([tag, label]) => ({ tag, label, own: false })), ...own.map((tag) => ({ tag, label: tag, own: true }))],
  };
}
