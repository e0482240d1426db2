// The run-time part of the contracts that a browser needs: each endpoint's id, method and path (and how its
// body and answer travel), as plain objects without zod. The web client imports its values from
// `@stundenplan/contracts/routes` so that the schemas stay out of the first download; its types still come from
// the zod contracts (`import type` from `@stundenplan/contracts`). The build writes dist/routes-table.js (the
// tables, re-exporting pathOf from here) and its .d.ts from the contracts (write-routes.ts), so they never drift.
import type { Endpoint, PathParams } from './endpoint.js';

/**
 * An area's endpoints as the browser holds them. Typed as the contracts (so `call`, BodyOf and AnswerOf keep
 * their exact types) but at run time only id, method, path and, where set, bodyKind, answerKind and status are
 * there: the schemas (body, query, answer, errors) are types only and must not be read.
 */
export type RoutesOf<Area> = { readonly [K in keyof Area as Area[K] extends Endpoint ? K : never]: Area[K] };

/** The path with its placeholders filled (each value URI-encoded); the same as pathOf of the contracts. */
export function pathOf<E extends Endpoint>(endpoint: E, params: PathParams<E>): string {
  const values = params as Record<string, string>;
  return endpoint.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${endpoint.id}: path parameter ${name} missing`);
    return encodeURIComponent(value);
  });
}
