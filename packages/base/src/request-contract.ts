// A route's request checked against its contract (packages/contracts, zod schemas): the typed body or query, or a
// German 400 (docs/product/errors.md). The schemas give the shape; the domain still checks what they cannot say
// (formats, ranges, rules that need the database), with the same texts.
import { AppError } from './errors.js';

/** What a contract's schema offers a route (zod's safeParse; no zod import needed here). */
export interface RequestSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[] }[] } };
}

/**
 * The German answer of a refused request, per top-level field in the order the route checks the fields: the first
 * listed field with a problem names the text. `''`: the text when the request as a whole is refused (not an object)
 * or a field without its own text is; when absent, the first field's text (the route treated anything else as `{}`).
 * A field whose text depends on its value (missing or wrong) gives a function of the field's value as sent
 * (undefined when missing).
 */
export type RequestMessages = Readonly<Record<string, string | ((input: unknown) => string)>>;

function messageFor(issues: readonly { path: readonly PropertyKey[] }[], value: unknown, messages: RequestMessages): string {
  const entries = Object.entries(messages);
  const sent = (field: string): unknown => (value && typeof value === 'object' ? (value as Record<string, unknown>)[field] : undefined);
  for (const [field, message] of entries) {
    if (field !== '' && issues.some((i) => i.path[0] === field)) return typeof message === 'string' ? message : message(sent(field));
  }
  const fallback = messages[''] ?? entries[0]?.[1];
  if (fallback === undefined) throw new Error('parseRequest: no message given');
  return typeof fallback === 'string' ? fallback : fallback(undefined);
}

function parseRequest<T>(schema: RequestSchema<T>, value: unknown, messages: RequestMessages): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw AppError.badRequest(messageFor(result.error.issues, value, messages));
}

/** The JSON body as the contract gives it; else 400 with the text of `messages` (see RequestMessages). */
export function parseBody<T>(contract: { body: RequestSchema<T> }, req: { body?: unknown }, messages: RequestMessages): T {
  return parseRequest(contract.body, req.body, messages);
}

/** The query as the contract gives it; else 400 with the text of `messages` (see RequestMessages). */
export function parseQuery<T>(contract: { query: RequestSchema<T> }, req: { query?: unknown }, messages: RequestMessages): T {
  return parseRequest(contract.query, req.query, messages);
}
