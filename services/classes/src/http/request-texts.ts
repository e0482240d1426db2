// The German answers of member, invitation, check, verification, semester and registration-check requests their
// contract refuses (docs/product/classes.md, semester.md, errors.md): the texts the domain answers for the same
// fields, so a refusal reads the same whether the shape or a rule failed.
import type { RequestMessage, RequestMessages } from '@stundenplan/base';
import { normalizeTimesMap, TimegridError } from '@stundenplan/timegrid';
import { MSG } from '../domain/messages.js';
import { SEMESTER_MAX_BREAKS, SEMESTER_MSG } from '../domain/semester-input.js';

/** A list of entries: the list itself (missing, not a list) `list`; an entry that is no object 'Ungültige Anfrage'; else the entry field's text. */
function entriesText(list: string, fields: Readonly<Record<string, string>>): RequestMessage {
  return (_value, path) => {
    if (path.length < 2) return list;
    const field = path[2];
    return (typeof field === 'string' ? fields[field] : undefined) ?? MSG.invalidRequest;
  };
}

/** A times map the contract refuses: the text of docs/product/times.md#times-validation, else 'Ungültige Zeiten'. */
function timesText(value: unknown): string {
  try {
    normalizeTimesMap(value);
  } catch (e) {
    if (e instanceof TimegridError) return e.message;
  }
  return MSG.invalidTimes;
}

export const NEW_MEMBERS: RequestMessages = {
  '': MSG.invalidRequest,
  students: entriesText(MSG.noStudents, { name: MSG.memberNameRequired, email: MSG.emailInvalid, duration: MSG.duration, frequency: MSG.frequency }),
};

export const REGISTERED_MEMBERS: RequestMessages = {
  '': MSG.invalidRequest,
  students: entriesText(MSG.noStudents, { student_id: MSG.studentUnknown, duration: MSG.duration, frequency: MSG.frequency }),
};

export const MEMBER_UPDATE: RequestMessages = {
  '': MSG.invalidRequest,
  name: MSG.memberNameRequired,
  email: MSG.emailInvalid,
  duration: MSG.duration,
  frequency: MSG.frequency,
  available_times: timesText,
  preferred_times: timesText,
  user_id: MSG.linkNeedsMatch,
  needs: (value, path) => (path.length > 1 && Array.isArray(value) ? MSG.needsTag(value[path[1] as number]) : MSG.needs),
  sites: MSG.sites,
  family: MSG.family,
};

/** PUT classes/{id}/school (docs/product/school.md). */
export const CLASS_SCHOOL: RequestMessages = {
  '': MSG.schoolId,
  school_id: MSG.schoolId,
  sites: MSG.sites,
  needs: (value, path) => (path.length > 1 && Array.isArray(value) ? MSG.needsTag(value[path[1] as number]) : MSG.needs),
};

/** The free texts first; a member id that is no text cannot name a member (404, as an unknown one). */
export const INVITATION: RequestMessages = {
  '': MSG.invalidRequest,
  email: MSG.inviteTextInvalid,
  name: MSG.inviteTextInvalid,
  class_name: MSG.inviteTextInvalid,
  register_shortcut: MSG.inviteTextInvalid,
  member_id: { status: 404, detail: MSG.memberNotFound },
};

/** A list of e-mails or `{ emails }`; anything else (also an entry that is no text) 'Ungültige Anfrage'. */
export const STUDENT_CHECK: RequestMessages = { '': MSG.invalidRequest };

/** Missing or malformed ids name no membership: 404 as an unknown one (no existence oracle). */
export const VERIFICATION: RequestMessages = {
  '': MSG.invalidRequest,
  member_id: { status: 404, detail: MSG.membershipNotFound },
  class_id: { status: 404, detail: MSG.membershipNotFound },
};

export const SEMESTER_BODY: RequestMessages = {
  '': SEMESTER_MSG.invalidRequest,
  first_day: SEMESTER_MSG.firstDay,
  last_day: SEMESTER_MSG.lastDay,
  state: SEMESTER_MSG.state,
  breaks: (value, path) => {
    if (path.length === 1) return Array.isArray(value) && value.length > SEMESTER_MAX_BREAKS ? SEMESTER_MSG.tooManyBreaks : SEMESTER_MSG.breaks;
    if (path.length === 2) return SEMESTER_MSG.breaks;
    return path[2] === 'label' ? SEMESTER_MSG.breakLabel : SEMESTER_MSG.breakDate;
  },
};

/** Public registration checks: a query they cannot use is an unknown code or member (404). */
export const SHORTCUT_QUERY: RequestMessages = { '': { status: 404, detail: MSG.shortcutInvalid } };
export const MEMBER_ID_QUERY: RequestMessages = { '': { status: 404, detail: MSG.memberIdInvalid } };
