import { status as GrpcStatus } from '@grpc/grpc-js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, grpcStatusToCode, httpStatusToCode, isAppError, type ErrorCode } from './errors.js';
import { parseInput, toAppError } from './http.js';

describe('AppError status mapping', () => {
  const table: [ErrorCode, number, GrpcStatus][] = [
    ['BAD_REQUEST', 400, GrpcStatus.INVALID_ARGUMENT],
    ['UNAUTHORIZED', 401, GrpcStatus.UNAUTHENTICATED],
    ['FORBIDDEN', 403, GrpcStatus.PERMISSION_DENIED],
    ['NOT_FOUND', 404, GrpcStatus.NOT_FOUND],
    ['CONFLICT', 409, GrpcStatus.ALREADY_EXISTS],
    ['PAYLOAD_TOO_LARGE', 413, GrpcStatus.RESOURCE_EXHAUSTED],
    ['TOO_MANY_REQUESTS', 429, GrpcStatus.RESOURCE_EXHAUSTED],
    ['UNAVAILABLE', 502, GrpcStatus.UNAVAILABLE],
    ['TIMEOUT', 504, GrpcStatus.DEADLINE_EXCEEDED],
    ['INTERNAL', 500, GrpcStatus.INTERNAL],
  ];

  it.each(table)('%s answers HTTP %i and gRPC status %i', (code, http, grpc) => {
    const e = new AppError(code, 'x');

    expect(e.httpStatus).toBe(http);
    expect(e.grpcStatus).toBe(grpc);
  });

  it.each(table.filter(([code]) => code !== 'PAYLOAD_TOO_LARGE' && code !== 'TOO_MANY_REQUESTS'))('%s survives a trip through its gRPC status', (code) => {
    expect(grpcStatusToCode(new AppError(code, 'x').grpcStatus)).toBe(code);
  });

  it.each(table)('%s is found again from its HTTP status', (code, http) => {
    expect(httpStatusToCode(http)).toBe(code);
  });

  it('treats unknown statuses as INTERNAL and other gRPC statuses by meaning', () => {
    expect(httpStatusToCode(418)).toBe('INTERNAL');
    expect(grpcStatusToCode(GrpcStatus.UNKNOWN)).toBe('INTERNAL');
    expect(grpcStatusToCode(GrpcStatus.FAILED_PRECONDITION)).toBe('BAD_REQUEST');
    expect(grpcStatusToCode(GrpcStatus.OUT_OF_RANGE)).toBe('BAD_REQUEST');
    expect(grpcStatusToCode(GrpcStatus.ABORTED)).toBe('CONFLICT');
    expect(grpcStatusToCode(GrpcStatus.RESOURCE_EXHAUSTED)).toBe('TOO_MANY_REQUESTS');
  });
});

describe('AppError', () => {
  it('serialises to { detail, ...extra } for the HTTP body', () => {
    const e = AppError.badRequest('Zu viele Schüler', { wait_time: 30 });

    expect(e.toJSON()).toEqual({ detail: 'Zu viele Schüler', wait_time: 30 });
    expect(JSON.parse(JSON.stringify(e))).toEqual({ detail: 'Zu viele Schüler', wait_time: 30 });
  });

  it('keeps an object detail as is and uses its JSON as message', () => {
    const e = new AppError('BAD_REQUEST', { field: 'name', problem: 'leer' });

    expect(e.toJSON()).toEqual({ detail: { field: 'name', problem: 'leer' } });
    expect(e.message).toBe('{"field":"name","problem":"leer"}');
  });

  it('has German default details in its factories', () => {
    expect(AppError.unauthorized().detail).toBe('Nicht angemeldet');
    expect(AppError.forbidden().detail).toBe('Du hast keine Berechtigung für diese Aktion');
    expect(AppError.notFound().detail).toBe('Nicht gefunden');
    expect(AppError.conflict('Gibt es schon').code).toBe('CONFLICT');
  });

  it('is recognised by isAppError and is an Error with its cause', () => {
    const cause = new Error('db');
    const e = new AppError('INTERNAL', 'Interner Serverfehler', { cause });

    expect(isAppError(e)).toBe(true);
    expect(isAppError(new Error('x'))).toBe(false);
    expect(e).toBeInstanceOf(Error);
    expect(e.cause).toBe(cause);
  });
});

describe('toAppError', () => {
  it('returns an AppError unchanged', () => {
    const e = AppError.notFound();

    expect(toAppError(e)).toBe(e);
  });

  it('turns a body-parser JSON syntax error into 400', () => {
    const parseError = Object.assign(new SyntaxError('Unexpected token'), { type: 'entity.parse.failed', status: 400, body: '{x' });

    const e = toAppError(parseError);

    expect(e.code).toBe('BAD_REQUEST');
    expect(e.detail).toBe('Ungültiger JSON-Inhalt');
  });

  it('turns a body-parser size error into 413 with a German detail', () => {
    const tooLarge = Object.assign(new Error('request entity too large'), { type: 'entity.too.large', status: 413, limit: 1024, length: 2048 });

    const e = toAppError(tooLarge);

    expect(e.httpStatus).toBe(413);
    expect(e.detail).toBe('Die Anfrage ist zu groß');
  });

  it('turns upload limit errors into 413 for file size and 400 otherwise', () => {
    expect(toAppError(Object.assign(new Error('File too large'), { code: 'LIMIT_FILE_SIZE' }))).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      detail: 'Die Datei ist zu groß (maximal 5 MB)',
    });
    expect(toAppError(Object.assign(new Error('Unexpected field'), { code: 'LIMIT_UNEXPECTED_FILE' }))).toMatchObject({
      code: 'BAD_REQUEST',
      detail: 'Ungültiger Upload',
    });
  });

  it('turns a zod error into 400 with the schema message', () => {
    const res = z.object({ name: z.string().min(1, 'Bitte gib einen Namen ein') }).safeParse({ name: '' });

    const e = toAppError(res.error);

    expect(e.code).toBe('BAD_REQUEST');
    expect(e.detail).toBe('Bitte gib einen Namen ein');
  });

  it('hides anything else behind a 500 without internals, keeping the cause for the logs', () => {
    const boom = new Error('password=geheim at db.ts:12');

    const e = toAppError(boom);

    expect(e.code).toBe('INTERNAL');
    expect(e.toJSON()).toEqual({ detail: 'Interner Serverfehler' });
    expect(e.cause).toBe(boom);
    expect(toAppError(null).code).toBe('INTERNAL');
    expect(toAppError('string thrown').code).toBe('INTERNAL');
    // pg errors carry string codes such as '23505'; they are not upload limits.
    expect(toAppError(Object.assign(new Error('duplicate'), { code: '23505' })).code).toBe('INTERNAL');
  });
});

describe('parseInput', () => {
  const schema = z.object({ duration: z.number({ error: 'Die Dauer muss eine Zahl sein' }).int().positive() });

  it('returns the parsed value for valid input', () => {
    expect(parseInput(schema, { duration: 45 })).toEqual({ duration: 45 });
  });

  it("throws 400 with the schema's German message for invalid input", () => {
    expect(() => parseInput(schema, { duration: 'lang' })).toThrow(expect.objectContaining({ code: 'BAD_REQUEST', detail: 'Die Dauer muss eine Zahl sein' }));
  });
});
