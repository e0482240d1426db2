// One contract per public HTTP endpoint: method, path, who may call, request body and query, the answer
// and the error answers, as zod schemas. The service route validates with it, the web client types its
// calls with it, and the OpenAPI document is generated from it (openapi.ts).
import { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** docs/product/api.md "Who may call". */
export type Access = 'public' | 'user' | 'teacher' | 'student' | 'owner' | 'school';

/** How the request body travels: JSON, or a multipart form (uploads). */
export type BodyKind = 'json' | 'multipart';

/** How the answer travels: JSON, a file (PDF, iCalendar) or a stream of server-sent events. */
export type AnswerKind = 'json' | 'application/pdf' | 'text/calendar' | 'text/event-stream';

/** The error answer of every service: `{ detail }` with a German text (docs/product/errors.md). */
export const errorAnswer = z.object({ detail: z.string() }).meta({ description: 'A German message for the user.' });

export interface EndpointSpec<
  M extends Method = Method,
  P extends string = string,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  A extends z.ZodType | undefined = z.ZodType | undefined,
  K extends BodyKind = BodyKind,
> {
  /** Stable name, the operationId of the OpenAPI document. */
  id: string;
  method: M;
  /** Full path with `{param}` placeholders, e.g. `/api/classes/{classId}/members`. */
  path: P;
  summary: string;
  access: Access;
  /** Service that answers (docs/product/api.md, gateway/src/route-table.ts). */
  service: 'auth' | 'classes' | 'availability' | 'scheduling-solver' | 'document' | 'notification' | 'lessons' | 'school';
  body?: B;
  bodyKind?: K;
  query?: Q;
  /** The success answer (absent for file answers). */
  answer: A;
  answerKind?: AnswerKind;
  /** Status of the success answer (default 200). */
  status?: number;
  /** Error answers by status: a description (answer `{ detail: string }`), or its own schema. */
  errors: Record<number, string | { description: string; schema: z.ZodType }>;
  /** How the error answers travel: JSON `{ detail }` (default), or a German HTML page (a page the browser opens itself). */
  errorKind?: 'json' | 'text/html';
}

/** A contract: body, query and answer are always present (`undefined` where the endpoint has none), so their types are exact. */
export type Endpoint<
  M extends Method = Method,
  P extends string = string,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  A extends z.ZodType | undefined = z.ZodType | undefined,
  K extends BodyKind = BodyKind,
> = Readonly<Omit<EndpointSpec<M, P, B, Q, A, K>, 'body' | 'query' | 'answer' | 'bodyKind'> & { body: B; query: Q; answer: A; bodyKind: K }>;

/** Keeps every schema's exact type, so BodyOf/AnswerOf give the precise types. */
export function defineEndpoint<
  const M extends Method,
  const P extends string,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  A extends z.ZodType | undefined = undefined,
  const K extends BodyKind = 'json',
>(spec: EndpointSpec<M, P, B, Q, A, K>): Endpoint<M, P, B, Q, A, K> {
  return Object.freeze({ ...spec, body: spec.body as B, query: spec.query as Q, bodyKind: spec.bodyKind ?? 'json' }) as Endpoint<M, P, B, Q, A, K>;
}

type Param<S extends string> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | Param<Rest> : never;

/** `{ classId: string }` for `/api/classes/{classId}`; `{}` without placeholders. */
export type PathParams<E extends Endpoint> = { [K in Param<E['path']>]: string };

/** What the caller sends (before any coercion). */
export type BodyOf<E extends Endpoint> = E['bodyKind'] extends 'multipart' ? FormData : E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : undefined;
/** What the success answer carries. */
export type AnswerOf<E extends Endpoint> = E['answer'] extends z.ZodType ? z.output<E['answer']> : Blob;

/** The path with its placeholders filled (each value URI-encoded). */
export function pathOf<E extends Endpoint>(endpoint: E, params: PathParams<E>): string {
  const values = params as Record<string, string>;
  return endpoint.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${endpoint.id}: path parameter ${name} missing`);
    return encodeURIComponent(value);
  });
}

/** For a route: the value it answers, checked against the contract at compile time. */
export function answerFor<E extends Endpoint>(_endpoint: E, value: AnswerOf<E>): AnswerOf<E> {
  return value;
}
