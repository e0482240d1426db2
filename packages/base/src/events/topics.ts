import { z } from 'zod';

/** Every topic of the system, `<domain>.<event>.v1`. A breaking payload change is a new topic (`.v2`), never an edit of a schema below. */
export enum Topic {
  UserRegistered = 'user.registered.v1',
  UserDeleted = 'user.deleted.v1',
  UserPasswordReset = 'user.password-reset.v1',
  ClassDeleted = 'class.deleted.v1',
  ClassDataExpired = 'class.data-expired.v1',
  MemberAdded = 'member.added.v1',
  MemberRemoved = 'member.removed.v1',
  MemberLinked = 'member.linked.v1',
  TimesChanged = 'times.changed.v1',
  ScheduleSaved = 'schedule.saved.v1',
  ScheduleSent = 'schedule.sent.v1',
  MailRequested = 'mail.requested.v1',
}

/** Ids are database uuids; any 8-4-4-4-12 hex form is accepted (no version check). */
const id = z.guid();

const mailAttachment = z.object({
  filename: z.string(),
  contentType: z.string(),
  contentBase64: z.string().optional(),
  blobSha256: z.string().optional(),
});

/**
 * The payload of each topic, snake_case as published. The mail payload keeps the camelCase field names it
 * has always been published with (contentType, contentBase64, blobSha256, replyTo). Unknown fields are dropped.
 * Only the shape is checked here; a consumer still checks what only it can (the notification service: addresses).
 */
export const eventSchemas = {
  [Topic.UserRegistered]: z.object({
    user_id: id,
    name: z.string(),
    email: z.string(),
    role_id: z.number().int(),
    duration: z.number().int().nullable(),
    institution_id: z.string().nullable(),
    institution_name: z.string().nullable(),
    register_shortcut: z.string().nullable(),
    member_id: z.string().nullable(),
    /** The class of register_shortcut, as the classes service answered it. */
    class_id: id.nullable(),
  }),
  [Topic.UserDeleted]: z.object({ user_id: id, email: z.string(), role_id: z.number().int() }),
  /** The password was reset from a mailed link: whatever lets the old holder in (sessions, calendar links) ends. */
  [Topic.UserPasswordReset]: z.object({ user_id: id }),
  [Topic.ClassDeleted]: z.object({ class_id: id, teacher_id: id }),
  /** The retention period of a class's data ran out: its times, preferred times and dated lessons go (docs/privacy). */
  [Topic.ClassDataExpired]: z.object({ class_id: id, teacher_id: id }),
  [Topic.MemberAdded]: z.object({
    class_id: id,
    member_id: id,
    user_id: id.nullable(),
    student_id: z.string().nullable(),
    name: z.string(),
    email: z.string().nullable(),
    duration: z.number().int(),
  }),
  [Topic.MemberRemoved]: z.object({ class_id: id, member_id: id, user_id: id.nullable() }),
  [Topic.MemberLinked]: z.object({ class_id: id, member_id: id, user_id: id }),
  /** Which times changed; exactly the ids of that kind are set. */
  [Topic.TimesChanged]: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('user'), user_id: id }),
    z.object({ kind: z.literal('member'), class_id: id, member_id: id }),
    z.object({ kind: z.literal('teacher_times'), class_id: id }),
    z.object({ kind: z.literal('time_range'), class_id: id }),
  ]),
  [Topic.ScheduleSaved]: z.object({
    schedule_id: id,
    class_id: id,
    teacher_id: id,
    name: z.string(),
    created: z.boolean(),
    updated_at: z.string(),
  }),
  /** A plan mailed to the students with its calendar data: what each member was told (the lessons service keeps it). */
  [Topic.ScheduleSent]: z.object({
    sending_id: id,
    class_id: id,
    teacher_id: id,
    schedule_id: id,
    /** member id -> the member's weekly lessons as mailed (day 0 = Monday, 15-minute slots, end exclusive). */
    lessons: z.record(
      z.string(),
      z.array(
        z.object({
          day: z.number().int(),
          start: z.number().int(),
          end: z.number().int(),
          week: z.enum(['A', 'B']).nullish(),
          /** The lesson's room (classes of a school); absent: no room. */
          room: z.object({ id, name: z.string(), site_id: id, site_name: z.string() }).nullish(),
        }),
      ),
    ),
    /** The calendar series' first and last day (YYYY-MM-DD). */
    from: z.string(),
    until: z.string(),
    /** The members who know their lessons of this plan; null: not known (everybody counts as told). */
    informed_member_ids: z.array(z.string()).nullable(),
    sent_at: z.string(),
  }),
  /** A mail some service wants sent; attachments carry inline bytes (contentBase64) or the sha256 of bytes the notification service stored once. */
  [Topic.MailRequested]: z.object({
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string().nullish(),
    /** The contact form's sender. */
    replyTo: z.string().nullish(),
    attachments: z.array(mailAttachment).nullish(),
    /** The publisher knows `to` as a confirmed account's address: the higher daily limit per recipient applies. */
    to_confirmed: z.boolean().optional(),
  }),
} satisfies Record<Topic, z.ZodType>;

export type EventPayload<T extends Topic> = z.infer<(typeof eventSchemas)[T]>;

export type UserRegisteredPayload = EventPayload<Topic.UserRegistered>;
export type UserDeletedPayload = EventPayload<Topic.UserDeleted>;
export type MemberAddedPayload = EventPayload<Topic.MemberAdded>;
export type TimesChangedPayload = EventPayload<Topic.TimesChanged>;
export type ScheduleSavedPayload = EventPayload<Topic.ScheduleSaved>;
export type ScheduleSentPayload = EventPayload<Topic.ScheduleSent>;
export type MailRequestedPayload = EventPayload<Topic.MailRequested>;

export interface EventEnvelope<T extends Topic = Topic> {
  id: string;
  topic: T;
  key: string;
  version: 1;
  occurredAt: string;
  payload: EventPayload<T>;
}

/** One event for an outbox: the payload type follows the topic. */
export type OutboxEvent = { [T in Topic]: { topic: T; key: string; payload: EventPayload<T> } }[Topic];

/** A payload that does not match its topic's schema. */
export class InvalidEventError extends Error {
  constructor(
    readonly topic: string,
    readonly issues: string,
  ) {
    super(`invalid ${topic} payload: ${issues}`);
    this.name = 'InvalidEventError';
  }
}

const isTopic = (t: unknown): t is Topic => typeof t === 'string' && Object.hasOwn(eventSchemas, t);

/** The payload checked against its topic's schema (unknown fields dropped); throws InvalidEventError. */
export function parsePayload<T extends Topic>(topic: T, payload: unknown): EventPayload<T> {
  if (!isTopic(topic)) throw new InvalidEventError(String(topic), 'unknown topic');
  const r = eventSchemas[topic].safeParse(payload);
  if (!r.success) throw new InvalidEventError(topic, r.error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`).join('; '));
  return r.data as EventPayload<T>;
}

/** The envelope with its payload checked (see parsePayload). */
export function parseEvent<T extends Topic>(event: EventEnvelope<T>): EventEnvelope<T> {
  return { ...event, payload: parsePayload(event.topic, event.payload) };
}
