import { randomBytes, randomUUID } from 'node:crypto';
import { AppError, forgetSharedMemoryStore, grpc, startGrpcServer, HealthState, Topic, wrapUnary, type EventEnvelope } from '@stundenplan/base';
import { startTestIssuer, type TestIssuer, testServiceTokenVerifier } from '@stundenplan/base/testing';
import { classesV1 } from '@stundenplan/proto';
import { afterAll, beforeAll, expect } from 'vitest';
import { dropSchemas, getJson, sql, startNotification, waitFor, type MailJson, type TestNotification } from './helpers.js';

/**
 * The neighbourhood of POST /api/send-schedule-to-students for its tests: the real service on real
 * PostgreSQL, sessions from a test issuer, the classes service as a tiny real gRPC server with the
 * generated ClassesService definition. `n` is a live binding: restartNotification() replaces it.
 */
// ---------------------------------------------------------------- classes neighbour (gRPC stub)

interface StubClass {
  teacherId: string;
  name: string;
  teacherName: string;
  members: { name: string; email: string }[];
}

export const classes = new Map<string, StubClass>();
export const classCalls: { method: string; classId: string; teacherId: string }[] = [];
const silent = { error: () => undefined } as unknown as Parameters<typeof wrapUnary>[0];

/** The same ownership rule and wire format (status + detail-json) as the real classes service. */
function ownedClass(method: string, req: { classId: string; teacherId: string }): StubClass {
  classCalls.push({ method, classId: req.classId, teacherId: req.teacherId });
  const c = classes.get(req.classId);
  if (!c) throw AppError.notFound('Klasse/Kurs nicht gefunden');
  if (req.teacherId && c.teacherId !== req.teacherId) throw AppError.forbidden('Du hast keine Berechtigung für diese Aktion');
  return c;
}

const classesStub: Partial<classesV1.ClassesServiceServer> = {
  getClass: wrapUnary<classesV1.GetClassRequest, classesV1.GetClassResponse>(silent, async (req) => {
    const c = ownedClass('GetClass', req);
    return {
      classInfo: {
        classId: req.classId,
        name: c.name,
        description: '',
        isGroup: false,
        registerShortcut: 'ABC123',
        teacherId: c.teacherId,
        teacherName: c.teacherName,
        institutionName: 'HMTM',
        deadline: '',
        allowLateChanges: false,
        teacherEmail: '',
        school: undefined,
      },
    };
  }),
  listMembers: wrapUnary<classesV1.ListMembersRequest, classesV1.ListMembersResponse>(silent, async (req) => {
    const c = ownedClass('ListMembers', req);
    return {
      members: c.members.map((m, i) => ({
        memberId: `${req.classId.slice(0, 8)}-${i}`,
        classId: req.classId,
        userId: '',
        studentId: '',
        name: m.name,
        email: m.email,
        duration: 30,
        frequency: 'weekly',
        needs: undefined,
        siteIds: undefined,
        family: '',
      })),
    };
  }),
};

// ---------------------------------------------------------------- setup

export let n: TestNotification;
export let issuer: TestIssuer;
let stub: grpc.Server;
export const teacherId = randomUUID();
export const otherTeacherId = randomUUID();
export let teacherCookie: string;

let classesAddr = '';

/** Starts the neighbourhood before the file's tests and stops it after them. */
export function setupSending(): void {
  beforeAll(async () => {
    const health = new HealthState();
    health.serving = true;
    const started = await startGrpcServer(
      0,
      [{ definition: classesV1.ClassesServiceService, implementation: classesStub as grpc.UntypedServiceImplementation }],
      health,
      '127.0.0.1',
      testServiceTokenVerifier('classes'),
    );
    stub = started.server;
    issuer = await startTestIssuer();
    classesAddr = `127.0.0.1:${started.port}`;
    n = await startNotification({ AUTH_JWKS_URL: issuer.jwksUrl, CLASSES_SERVICE_ADDR: classesAddr });
    teacherCookie = await issuer.cookie({ userId: teacherId, role: 'teacher', email: 'clara.schumann@hmtm.de', name: 'Clara Schumann' });
  });

  afterAll(async () => {
    await n?.svc.stop();
    stub?.forceShutdown();
    await issuer?.close();
    await dropSchemas(n ? [n.schema] : []);
  });
}

/** Stops the service and starts it again on the same schema with an empty memory store, as a new process would. */
export async function restartNotification(env: Record<string, string> = {}): Promise<void> {
  await n.svc.stop();
  forgetSharedMemoryStore();
  n = await startNotification({ AUTH_JWKS_URL: issuer.jwksUrl, CLASSES_SERVICE_ADDR: classesAddr, DB_SCHEMA: n.schema, ...env });
}

// ---------------------------------------------------------------- helpers

/** A real-looking PDF with binary bytes (not valid UTF-8), so "byte-identical" means something. */
/** A structurally valid PDF (header, objects, xref table, trailer, startxref, %%EOF) of about `size` bytes. */
export function pdfFile(size = 20_000): Buffer {
  const head = Buffer.from(
    `%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Length ${size} >>\nstream\n`,
    'latin1',
  );
  const mid = Buffer.from('\nendstream\nendobj\n', 'latin1');
  const xrefAt = head.length + size + mid.length;
  const tail = Buffer.from(
    `xref\n0 3\n0000000000 65535 f \n0000000023 00000 n \n0000000072 00000 n \ntrailer\n<< /Size 3 /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`,
    'latin1',
  );
  return Buffer.concat([head, randomBytes(size), mid, tail]);
}

export function newClass(members: StubClass['members'], o: Partial<StubClass> = {}): string {
  const id = randomUUID();
  classes.set(id, { teacherId, name: 'Klavier Hauptfach', teacherName: 'Clara Schumann', members, ...o });
  return id;
}

export const address = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.org`;

export interface SendForm {
  classId?: string;
  file?: Buffer | null;
  field?: 'pdf' | 'file';
  scheduleName?: string;
  message?: string;
}

export async function send(f: SendForm, cookie: string | null = teacherCookie): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  if (f.file) form.append(f.field ?? 'pdf', new Blob([new Uint8Array(f.file)], { type: 'application/pdf' }), 'stundenplan.pdf');
  if (f.classId !== undefined) form.append('class_id', f.classId);
  if (f.scheduleName !== undefined) form.append('schedule_name', f.scheduleName);
  if (f.message !== undefined) form.append('message', f.message);
  const res = await fetch(`${n.base}/api/send-schedule-to-students`, { method: 'POST', body: form, headers: cookie ? { Cookie: cookie } : {} });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

export async function mailsTo(to: string): Promise<MailJson[]> {
  return (await getJson<MailJson[]>(`${n.base}/dev/mail.json?to=${encodeURIComponent(to)}`)).body;
}

/** Waits until exactly `count` mails to `to` are sent. */
export async function sentMailsTo(to: string, count = 1): Promise<MailJson[]> {
  return waitFor(async () => {
    const m = await mailsTo(to);
    return m.length === count && m.every((x) => x.status === 'sent') ? m : null;
  });
}

export async function mailEventCount(): Promise<number> {
  const [row] = await sql<{ n: string }>(`SELECT count(*) AS n FROM "${n.schema}".outbox_events WHERE topic = 'mail.requested.v1'`);
  return Number(row!.n);
}

export async function sendingsOf(classId: string) {
  return sql<{ id: string; class_id: string; teacher_id: string; recipient_count: number; schedule_name: string | null; pdf_size: number; created_at: Date }>(
    `SELECT * FROM "${n.schema}".schedule_sendings WHERE class_id = $1 ORDER BY created_at`,
    [classId],
  );
}

export async function eventsTo(to: string): Promise<{ id: string; payload: EventEnvelope<Topic.MailRequested> }[]> {
  return sql(`SELECT id, payload FROM "${n.schema}".outbox_events WHERE lower(payload->'payload'->>'to') = lower($1) ORDER BY seq`, [to]);
}

/** Sends to a class and expects the daily mail budget (of `limit` recipients) to refuse it: 429, wait_time, no mail queued. */
export async function expectBudgetRefused(classId: string, cookie: string, limit: number): Promise<void> {
  const before = await mailEventCount();
  const blocked = await send({ classId, file: pdfFile() }, cookie);
  expect(blocked.status).toBe(429);
  expect(blocked.body.detail).toContain(`höchstens ${limit} Empfänger*innen pro Tag`);
  expect(blocked.body.wait_time).toBeGreaterThan(86_000);
  expect(await mailEventCount()).toBe(before);
}
