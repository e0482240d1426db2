// Shapes several areas share (docs/product/data.md, docs/product/times.md).
import { z } from 'zod';
import { defineEndpoint, type Endpoint, type EndpointSpec, type Method } from './endpoint.js';

/** docs/product/times.md "Times map": day index "0"…"6" -> slot labels "0.00" … "23.45". */
export const timesMap = z.record(z.string(), z.array(z.string())).meta({ description: 'Times map: day index "0"-"6" -> slot labels "0.00"-"23.45".' });

/** A times map a request sends: a day may also be null (no times that day). */
export const timesMapInput = z
  .record(z.string(), z.array(z.string()).nullable())
  .meta({ description: 'Times map: day index "0"-"6" -> slot labels "0.00"-"23.45" (a day may be null: no times).' });

/** An answer that only carries a German message. */
export const messageAnswer = z.object({ message: z.string() });

/** An endpoint that takes a JSON body (or none) and answers only `{ message }`, a German text (docs/product/api.md). */
export function messageEndpoint<const M extends Method, const P extends string, B extends z.ZodType | undefined = undefined>(
  spec: Omit<EndpointSpec<M, P, B, undefined, typeof messageAnswer, 'json'>, 'answer' | 'query' | 'bodyKind'>,
): Endpoint<M, P, B, undefined, typeof messageAnswer, 'json'> {
  return defineEndpoint<M, P, B, undefined, typeof messageAnswer, 'json'>({ ...spec, answer: messageAnswer });
}

/** A UUID in a path or body (never validated as a format here: services answer their own German 400/404). */
export const id = z.string();

/**
 * A file part of a multipart body: binary on the wire; a service checks it as the bytes it received (the route
 * puts the uploaded file's bytes under the part's name before the body is checked).
 */
export const filePart = (description: string) => z.custom<Uint8Array>((v) => v instanceof Uint8Array).meta({ type: 'string', format: 'binary', description });
