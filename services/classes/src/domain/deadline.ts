import { AppError } from '@stundenplan/base';
import { isDeadlineDate } from '@stundenplan/timegrid';
import type { Class } from '../generated/prisma/client.js';
import { assertOwnsClass } from './classes.js';
import type { Deps } from './context.js';
import { MSG } from './messages.js';

/** Wire shape of GET/PUT /api/classes/{classId}/deadline. */
export interface DeadlineDto {
  deadline: string | null;
  allow_late_changes: boolean;
  /** Automatic reminders 3 and 1 days before the deadline (default true). */
  auto_reminders: boolean;
}

/** A DATE column comes back as midnight UTC of that day. */
export function deadlineString(d: Date | null): string | null {
  return d ? d.toISOString().slice(0, 10) : null;
}

function toDeadlineDto(c: Pick<Class, 'deadline' | 'allowLateChanges' | 'autoReminders'>): DeadlineDto {
  return { deadline: deadlineString(c.deadline), allow_late_changes: c.allowLateChanges, auto_reminders: c.autoReminders };
}

/**
 * Body of PUT: `deadline` (YYYY-MM-DD or null) is required, `allow_late_changes` a boolean (default false),
 * `auto_reminders` a boolean (default true).
 */
export interface DeadlineBody {
  deadline: string | null;
  allow_late_changes?: boolean | undefined;
  auto_reminders?: boolean | undefined;
}

/** The body as the contract gives it (packages/contracts classes.setDeadline); the day must be a real one. */
function parseDeadlineInput(b: DeadlineBody): { deadline: string | null; allowLateChanges: boolean; autoReminders: boolean } {
  if (b.deadline !== null && !isDeadlineDate(b.deadline)) throw AppError.badRequest(MSG.deadlineFormat);
  return { deadline: b.deadline, allowLateChanges: b.allow_late_changes === true, autoReminders: b.auto_reminders !== false };
}

export async function getDeadline(deps: Deps, teacherId: string, classId: string): Promise<DeadlineDto> {
  return toDeadlineDto(await assertOwnsClass(deps.data.classes, classId, teacherId));
}

/** Sets or clears (null) the deadline. A day in the past is allowed: it closes the entry at once. */
export async function setDeadline(deps: Deps, teacherId: string, classId: string, body: DeadlineBody): Promise<DeadlineDto> {
  const input = parseDeadlineInput(body);
  await assertOwnsClass(deps.data.classes, classId, teacherId);
  const updated = await deps.data.classes.setDeadline(classId, {
    deadline: input.deadline ? new Date(`${input.deadline}T00:00:00Z`) : null,
    allowLateChanges: input.allowLateChanges,
    autoReminders: input.autoReminders,
  });
  deps.log.info({ classId, deadline: input.deadline, allowLateChanges: input.allowLateChanges, autoReminders: input.autoReminders }, 'class deadline set');
  return toDeadlineDto(updated);
}
