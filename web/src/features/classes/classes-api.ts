// Calls and wire shapes of the class pages (docs/product/data.md Class / Class member / Student search result /
// CSV rows, docs/product/api.md "Classes and members" and "Student course actions").
import type { BodyOf } from '@stundenplan/contracts';
import { classes, documents } from '@stundenplan/contracts/routes';
import type { TimesMap } from '@stundenplan/timegrid';
import { call } from '../../shared/api/client';
import { fetchMembers, fetchMyClasses, type ClassDto } from '../../shared/data/classes';
import type { ProfileMembership } from '../../shared/data/profile';

/** What the create dialog sends: every field of the contract's body (`register_shortcut` null when none could be proposed). */
export type NewClassInput = Required<BodyOf<typeof classes.createClass>>;

export type { ClassDto, MemberDto, MemberFrequency } from '../../shared/data/classes';

/** Body and answer of PUT /api/classes/{classId}/deadline. */
export type DeadlineSettings = BodyOf<typeof classes.setDeadline>;

export type LocalClassStatus = 'pending' | 'failed';

export interface LocalClass extends ClassDto {
  _status: LocalClassStatus;
}

/** Local only: a registered student found for an unregistered member's e-mail (docs/product/data.md potentialLink). */
export interface PotentialLink {
  user_id: string;
  name?: string;
  available_times: TimesMap;
}

/** docs/product/data.md Student search result. */
export interface StudentSearchResult {
  user_id: string;
  name: string;
  email: string;
  duration: number | null;
}

/** docs/product/data.md CSV rows. */
export interface CsvRow {
  row_id: number;
  vorname: string;
  nachname: string;
  email: string | null;
  dauer: number | null;
  name: string;
}

/** Bodies of the member calls, as their contracts (packages/contracts classes.ts) take them. */
export type NewClassBody = BodyOf<typeof classes.createClass>;
export type NewMemberInput = BodyOf<typeof classes.addNewMembers>['students'][number];
export type RegisteredMemberInput = BodyOf<typeof classes.addRegisteredMembers>['students'][number];
export type MemberUpdate = BodyOf<typeof classes.updateMember>;
export type InvitationBody = BodyOf<typeof classes.inviteStudent>;

/** Column roles of the custom CSV mapping: a header name or a 0-based column index. */
export interface CustomColumnMapping {
  name?: number | string;
  vorname?: number | string;
  nachname?: number | string;
  dauer?: number | string;
  email?: number | string;
  has_header: boolean;
}

/** Server limit of POST check-student-exists. */
export const CHECK_EMAILS_PER_CALL = 99;

export const classesApi = {
  list: fetchMyClasses,
  generateShortcut: async () => (await call(classes.generateShortcut, {}))?.register_shortcut ?? null,
  /** `register_shortcut` null: no code could be proposed, the server gives one (docs/product/classes.md). */
  create: (body: NewClassBody) => call(classes.createClass, { body }, { abortPrevious: false }),
  update: (classId: string, body: { name: string; description: string | null }) => call(classes.updateClass, { params: { classId }, body }),
  remove: (classId: string) => call(classes.deleteClass, { params: { classId } }),
  remind: (classId: string) => call(classes.remind, { params: { classId } }, { abortPrevious: false }),
  setDeadline: (classId: string, body: DeadlineSettings) => call(classes.setDeadline, { params: { classId }, body }, { abortPrevious: false }),

  members: fetchMembers,
  addNew: (classId: string, students: NewMemberInput[]) => call(classes.addNewMembers, { params: { classId }, body: { students } }),
  addRegistered: (classId: string, students: RegisteredMemberInput[]) => call(classes.addRegisteredMembers, { params: { classId }, body: { students } }),
  updateMember: (classId: string, memberId: string, body: MemberUpdate) =>
    call(classes.updateMember, { params: { classId, memberId }, body }, { abortPrevious: false }),
  removeMember: (classId: string, memberId: string) => call(classes.removeMember, { params: { classId, memberId } }, { abortPrevious: false }),
  invite: (classId: string, body: InvitationBody) => call(classes.inviteStudent, { params: { classId }, body }, { abortPrevious: false }),

  searchStudents: async (queryString: string): Promise<StudentSearchResult[]> =>
    (await call(classes.searchStudents, { body: { query_string: queryString } }))?.students ?? [],
  /** The server checks at most 99 e-mails per call (a CSV import can have more): asked in chunks. */
  checkStudentsExist: async (emails: string[]) => {
    const found: Record<string, PotentialLink> = {};
    for (let i = 0; i < emails.length; i += CHECK_EMAILS_PER_CALL) {
      const chunk = emails.slice(i, i + CHECK_EMAILS_PER_CALL);
      Object.assign(found, (await call(classes.checkStudentExists, { body: chunk }, { abortPrevious: false }))?.existing_students ?? {});
    }
    return found;
  },

  extractHmtm: async (file: File) => {
    const form = new FormData();
    form.append('csv_file', file);
    return (await call(documents.extractHmtmCsv, { body: form }))?.studierende ?? [];
  },
  extractCustom: async (file: File, mapping: CustomColumnMapping) => {
    const form = new FormData();
    form.append('csv_file', file);
    form.append('column_mapping', JSON.stringify(mapping));
    return (await call(documents.extractCustomCsv, { body: form }))?.studierende ?? [];
  },
};

/** docs/product/data.md Profile membership (GET profile). */
export type Membership = ProfileMembership;

export const studentCoursesApi = {
  join: (registerShortcut: string, duration: number) => call(classes.joinClass, { body: { register_shortcut: registerShortcut, duration } }),
  verify: (classId: string, memberId: string) => call(classes.verifyClass, { body: { class_id: classId, member_id: memberId } }),
  leave: (memberId: string) => call(classes.leaveClass, { params: { memberId } }),
};
