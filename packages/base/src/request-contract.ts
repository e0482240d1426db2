// A route's request checked against its contract (packages/contracts, zod schemas): the typed body or query, or a
// German 400 (docs/product/errors.md). The schemas give the shape; the domain still checks what they cannot say
// (formats, ranges, rules that need the database), with the same texts.
import { AppError } from './errors.js';

/** What a contract's schema offers a route (zod's safeParse; no zod import needed here). */
export interface RequestSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[] }[] } };
}

/** A refusal with another status than 400: an id that cannot exist is 404, as the route answered it before. */
export interface RequestRefusal {
  readonly status: 404;
  readonly detail: string;
}

/**
 * The text of one field: fixed, a refusal with its own status, or a function of the field's value as sent
 * (undefined when missing) and of the path of its first problem (e.g. `['students', 2, 'name']`; `[]` when the
 * request as a whole is refused).
 */
export type RequestMessage = string | RequestRefusal | ((input: unknown, path: readonly PropertyKey[]) => string | RequestRefusal);

/**
 * The German answer of a refused request, per top-level field in the order the route checks the fields: the first
 * listed field with a problem names the text. `''`: the text when the request as a whole is refused (not an object)
 * or a field without its own text is; when absent, the first field's text (the route treated anything else as `{}`).
 * A field whose text depends on its value (missing or wrong) gives a function of the field's value as sent
 * (undefined when missing).
 */
export type RequestMessages = Readonly<Record<string, RequestMessage>>;

function refusalFor(issues: readonly { path: readonly PropertyKey[] }[], value: unknown, messages: RequestMessages): string | RequestRefusal {
  const entries = Object.entries(messages);
  const sent = (field: string): unknown => (value && typeof value === 'object' ? (value as Record<string, unknown>)[field] : undefined);
  for (const [field, message] of entries) {
    if (field === '') continue;
    const issue = issues.find((i) => i.path[0] === field);
    if (issue) return typeof message === 'function' ? message(sent(field), issue.path) : message;
  }
  const fallback = messages[''] ?? entries[0]?.[1];
  if (fallback === undefined) throw new Error('parseRequest: no message given');
  return typeof fallback === 'function' ? fallback(undefined, []) : fallback;
}

function parseRequest<T>(schema: RequestSchema<T>, value: unknown, messages: RequestMessages): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const refusal = refusalFor(result.error.issues, value, messages);
  if (typeof refusal === 'string') throw AppError.badRequest(refusal);
  throw AppError.notFound(refusal.detail);
}

/** A request's body (JSON, or a multipart form's text fields) as an object; anything else (none, an array, a string) reads as {}. */
export function bodyObject(req: { body?: unknown }): Record<string, unknown> {
  const body = req.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** The JSON body as the contract gives it; else 400 with the text of `messages` (see RequestMessages). */
export function parseBody<T>(contract: { body: RequestSchema<T> }, req: { body?: unknown }, messages: RequestMessages): T {
  return parseRequest(contract.body, req.body, messages);
}

/** The query as the contract gives it; else 400 with the text of `messages` (see RequestMessages). */
export function parseQuery<T>(contract: { query: RequestSchema<T> }, req: { query?: unknown }, messages: RequestMessages): T {
  return parseRequest(contract.query, req.query, messages);
}
