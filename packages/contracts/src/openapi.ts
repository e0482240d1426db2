// The OpenAPI 3.1 document of the public API, generated from the contracts (served by the gateway at
// GET /api/openapi.json; the committed copy docs/openapi.json is checked for drift).
import { z } from 'zod';
import { classEntity, member } from './classes.js';
import { timesMap, timesMapInput } from './common.js';
import { endpoints } from './index.js';
import { errorAnswer, type Endpoint } from './endpoint.js';
import { placement, planSummary, savedTimes, scheduleSummary, studentNote, workingTimetable } from './scheduling.js';

type JsonSchema = Record<string, unknown>;

/** Schemas used in many places: written once under components/schemas and referenced. */
const NAMED = new Map<z.ZodType, string>([
  [errorAnswer, 'Error'],
  [timesMap, 'TimesMap'],
  [timesMapInput, 'TimesMapInput'],
  [classEntity, 'Class'],
  [member, 'Member'],
  [savedTimes, 'SavedTimes'],
  [workingTimetable, 'WorkingTimetable'],
  [scheduleSummary, 'ScheduleSummary'],
  [placement, 'Placement'],
  [studentNote, 'StudentNote'],
  [planSummary, 'PlanSummary'],
]);

/** JSON Schema 2020-12 (the dialect of OpenAPI 3.1) of what travels on the wire; named parts as $ref. */
function schemaOf(schema: z.ZodType, io: 'input' | 'output', inline?: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    override: (ctx) => {
      const zodSchema = ctx.zodSchema as unknown as z.ZodType;
      const name = NAMED.get(zodSchema);
      if (!name || zodSchema === inline) return;
      for (const key of Object.keys(ctx.jsonSchema)) delete (ctx.jsonSchema as JsonSchema)[key];
      (ctx.jsonSchema as JsonSchema).$ref = `#/components/schemas/${name}`;
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

function components(): Record<string, JsonSchema> {
  return Object.fromEntries([...NAMED].map(([schema, name]) => [name, schemaOf(schema, 'output', schema)]));
}

/** A fixed order, whatever order the module system lists the contracts in. */
const METHOD_ORDER = ['GET', 'POST', 'PUT', 'DELETE'];
const byPathAndMethod = (a: Endpoint, b: Endpoint) =>
  a.path < b.path ? -1 : a.path > b.path ? 1 : METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method);

const ACCESS_TEXT: Record<Endpoint['access'], string> = {
  public: 'public: no session needed',
  user: 'user: any logged-in user',
  teacher: 'teacher only',
  student: 'student only',
  owner: 'owner: the teacher who owns the class in the path',
  school: "school: the school's administrators change, its teachers read, anybody else gets 404",
};

function parameters(e: Endpoint): JsonSchema[] {
  const inPath = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
  const query = e.query ? schemaOf(e.query, 'input') : undefined;
  const props = (query?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((query?.required ?? []) as string[]);
  const inQuery = Object.entries(props).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }));
  return [...inPath, ...inQuery];
}

function requestBody(e: Endpoint): JsonSchema | undefined {
  if (!e.body) return undefined;
  const type = e.bodyKind === 'multipart' ? 'multipart/form-data' : 'application/json';
  return { required: true, content: { [type]: { schema: schemaOf(e.body, 'input') } } };
}

function successContent(e: Endpoint): JsonSchema {
  const kind = e.answerKind ?? 'json';
  if (kind === 'json') return { 'application/json': { schema: e.answer ? schemaOf(e.answer, 'output') : {} } };
  if (kind === 'text/event-stream') return { 'text/event-stream': { schema: { type: 'string' } } };
  return { [kind]: { schema: { type: 'string', contentMediaType: kind } } };
}

function responses(e: Endpoint): JsonSchema {
  const success =
    e.status === 302
      ? { description: 'Redirect to the page in Location.', headers: { Location: { schema: { type: 'string' } } } }
      : { description: 'Success.', content: successContent(e) };
  const out: JsonSchema = { [String(e.status ?? 200)]: success };
  for (const [status, error] of Object.entries(e.errors)) {
    const { description, schema } = typeof error === 'string' ? { description: error, schema: errorAnswer } : error;
    const content =
      e.errorKind === 'text/html' ? { 'text/html': { schema: { type: 'string' } } } : { 'application/json': { schema: schemaOf(schema, 'output') } };
    out[status] = { description, content };
  }
  return out;
}

function operation(e: Endpoint): JsonSchema {
  const params = parameters(e);
  const body = requestBody(e);
  return {
    operationId: e.id,
    summary: e.summary,
    description: `Who may call: ${ACCESS_TEXT[e.access]}. Answered by the ${e.service} service.`,
    tags: [e.service],
    ...(e.access === 'public' ? { security: [] } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: responses(e),
  };
}

/** The whole document; the same input gives the same text (no dates, a fixed order). */
export function buildOpenApi(list: readonly Endpoint[] = endpoints): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const e of [...list].sort(byPathAndMethod)) {
    const item = (paths[e.path] ??= {});
    const method = e.method.toLowerCase();
    if (item[method]) throw new Error(`two contracts for ${e.method} ${e.path}`);
    item[method] = operation(e);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Stundenplan-Assistent API',
      version: '1.0.0',
      description:
        'Every public call of the Stundenplan-Assistent, generated from packages/contracts (docs/product/api.md describes the behaviour). ' +
        'Errors are JSON { "detail": "…" } with a German text.',
    },
    servers: [{ url: '/' }],
    components: {
      schemas: components(),
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sp_session', description: 'The session cookie set by POST /api/auth/login.' } },
    },
    security: [{ session: [] }],
    paths,
  };
}

/** The document as the committed file holds it: two-space JSON with a final newline. */
export function openApiText(): string {
  return `${JSON.stringify(buildOpenApi(), null, 2)}\n`;
}
