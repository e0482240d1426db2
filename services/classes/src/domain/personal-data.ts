import type { PersonalClassesRows } from '../data/personal-data-repository.js';

export interface PersonalClassesReader {
  rowsOf(userId: string): Promise<PersonalClassesRows>;
}

const iso = (d: Date) => d.toISOString();

/**
 * The classes service's part of a person's copy of their data (packages/contracts privacy.ts exportClasses):
 * a student's memberships with what the teacher entered about them; a teacher's classes with their members
 * (what the class page shows them) and the invitations they sent. Nothing about anyone else.
 */
export async function personalClassesData(reader: PersonalClassesReader, userId: string) {
  const rows = await reader.rowsOf(userId);
  const membersOf = new Map<string, PersonalClassesRows['members']>();
  for (const m of rows.members) membersOf.set(m.class_id, [...(membersOf.get(m.class_id) ?? []), m]);
  return {
    memberships: rows.memberships.map((m) => ({
      class_id: m.class_id,
      class_name: m.class_name,
      teacher_name: m.teacher_name,
      member_id: m.member_id,
      name: m.name,
      duration: m.duration,
      frequency: m.frequency,
      added_at: iso(m.created_at),
    })),
    classes: rows.classes.map((c) => ({
      class_id: c.class_id,
      name: c.name,
      description: c.description,
      is_group: c.is_group,
      created_at: iso(c.created_at),
      deadline: c.deadline,
      semester: c.first_day && c.last_day ? { first_day: c.first_day, last_day: c.last_day, state: c.state ?? '' } : null,
      members: (membersOf.get(c.class_id) ?? []).map((m) => ({
        member_id: m.member_id,
        name: m.name,
        email: m.email,
        registered: m.user_id !== null,
        duration: m.duration,
        frequency: m.frequency,
        added_at: iso(m.created_at),
      })),
    })),
    invitations: rows.invitations.map((i) => ({ email: i.email, class_id: i.class_id, sent_at: iso(i.created_at) })),
  };
}
