import { status as GrpcStatus } from '@grpc/grpc-js';

/** Closed set of error codes; each maps to one HTTP status and one gRPC status. */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'TOO_MANY_REQUESTS'
  | 'UNAVAILABLE'
  | 'TIMEOUT'
  | 'INTERNAL';

const HTTP_STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 502,
  TIMEOUT: 504,
  INTERNAL: 500,
};

const GRPC_STATUS: Record<ErrorCode, GrpcStatus> = {
  BAD_REQUEST: GrpcStatus.INVALID_ARGUMENT,
  UNAUTHORIZED: GrpcStatus.UNAUTHENTICATED,
  FORBIDDEN: GrpcStatus.PERMISSION_DENIED,
  NOT_FOUND: GrpcStatus.NOT_FOUND,
  CONFLICT: GrpcStatus.ALREADY_EXISTS,
  PAYLOAD_TOO_LARGE: GrpcStatus.RESOURCE_EXHAUSTED,
  TOO_MANY_REQUESTS: GrpcStatus.RESOURCE_EXHAUSTED,
  UNAVAILABLE: GrpcStatus.UNAVAILABLE,
  TIMEOUT: GrpcStatus.DEADLINE_EXCEEDED,
  INTERNAL: GrpcStatus.INTERNAL,
};

export type ErrorDetail = string | Record<string, unknown>;

/**
 * The one error type the domain throws. `detail` is what the client sees
 * (SPEC: answers carry `{ "detail": ... }`); `cause` stays in the logs.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly detail: ErrorDetail;
  readonly extra: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, detail: ErrorDetail, options?: { cause?: unknown; extra?: Record<string, unknown> }) {
    super(typeof detail === 'string' ? detail : JSON.stringify(detail), { cause: options?.cause });
    this.name = 'AppError';
    this.code = code;
    this.detail = detail;
    this.extra = options?.extra;
  }

  get httpStatus(): number {
    return HTTP_STATUS[this.code];
  }

  get grpcStatus(): GrpcStatus {
    return GRPC_STATUS[this.code];
  }

  /** Body of the HTTP answer. */
  toJSON(): Record<string, unknown> {
    return { detail: this.detail, ...(this.extra ?? {}) };
  }

  static badRequest(detail: ErrorDetail, extra?: Record<string, unknown>): AppError {
    return new AppError('BAD_REQUEST', detail, { extra });
  }
  static unauthorized(detail: ErrorDetail = 'Nicht angemeldet'): AppError {
    return new AppError('UNAUTHORIZED', detail);
  }
  static forbidden(detail: ErrorDetail = 'Du hast keine Berechtigung für diese Aktion'): AppError {
    return new AppError('FORBIDDEN', detail);
  }
  static notFound(detail: ErrorDetail = 'Nicht gefunden'): AppError {
    return new AppError('NOT_FOUND', detail);
  }
  static conflict(detail: ErrorDetail): AppError {
    return new AppError('CONFLICT', detail);
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}

export function httpStatusToCode(status: number): ErrorCode {
  const entry = Object.entries(HTTP_STATUS).find(([, s]) => s === status);
  return (entry?.[0] as ErrorCode | undefined) ?? 'INTERNAL';
}

export function grpcStatusToCode(s: number): ErrorCode {
  switch (s) {
    case GrpcStatus.INVALID_ARGUMENT:
    case GrpcStatus.FAILED_PRECONDITION:
    case GrpcStatus.OUT_OF_RANGE:
      return 'BAD_REQUEST';
    case GrpcStatus.UNAUTHENTICATED:
      return 'UNAUTHORIZED';
    case GrpcStatus.PERMISSION_DENIED:
      return 'FORBIDDEN';
    case GrpcStatus.NOT_FOUND:
      return 'NOT_FOUND';
    case GrpcStatus.ALREADY_EXISTS:
    case GrpcStatus.ABORTED:
      return 'CONFLICT';
    case GrpcStatus.RESOURCE_EXHAUSTED:
      return 'TOO_MANY_REQUESTS';
    case GrpcStatus.UNAVAILABLE:
      return 'UNAVAILABLE';
    case GrpcStatus.DEADLINE_EXCEEDED:
      return 'TIMEOUT';
    default:
      return 'INTERNAL';
  }
}
