import * as grpc from '@grpc/grpc-js';
import { healthV1 } from '@stundenplan/proto';
import { AppError, grpcStatusToCode, isAppError } from './errors.js';
import type { Logger } from './logger.js';
import { timeoutBudget } from './timeout-budget.js';
import { acceptRequestId, currentRequestId, REQUEST_ID_METADATA, runInRequest } from './request-context.js';
import type { ServiceTokenVerifier } from './service-token.js';

export { grpc };

type AnyImpl = grpc.UntypedServiceImplementation;

export interface GrpcServiceBinding {
  definition: grpc.ServiceDefinition;
  implementation: AnyImpl;
}

/**
 * Wraps every unary handler so domain errors become gRPC status codes at the edge,
 * and unexpected ones INTERNAL without internals. The handler runs in the caller's request
 * (metadata x-request-id), so its log lines and its own outgoing calls carry the same id.
 */
export function wrapUnary<Req, Res>(log: Logger, fn: (req: Req, call: grpc.ServerUnaryCall<Req, Res>) => Promise<Res>) {
  return (call: grpc.ServerUnaryCall<Req, Res>, callback: grpc.sendUnaryData<Res>) => {
    const requestId = acceptRequestId(call.metadata.get(REQUEST_ID_METADATA)[0]);
    runInRequest({ requestId }, () => fn(call.request, call)).then(
      (res) => callback(null, res),
      (err: unknown) => {
        if (isAppError(err)) {
          const metadata = new grpc.Metadata();
          // ASCII-only: grpc-js rejects other metadata characters (German details have umlauts); JSON.parse restores them.
          metadata.set(
            'detail-json',
            JSON.stringify(err.detail).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
          );
          callback({ code: err.grpcStatus, details: err.message, metadata });
        } else {
          log.error({ err }, 'grpc handler failed');
          callback({ code: grpc.status.INTERNAL, details: 'internal error' });
        }
      },
    );
  };
}

/** Back from gRPC to AppError in the calling service (so HTTP answers keep the detail). */
export function fromGrpcError(err: unknown): AppError {
  const e = err as grpc.ServiceError;
  if (typeof e?.code !== 'number') return new AppError('INTERNAL', 'Interner Serverfehler', { cause: err });
  const raw = e.metadata?.get('detail-json')?.[0];
  let detail: string | Record<string, unknown> = e.details || 'Fehler';
  if (typeof raw === 'string') {
    try {
      detail = JSON.parse(raw) as string | Record<string, unknown>;
    } catch {
      /* keep details */
    }
  }
  const code = grpcStatusToCode(e.code);
  if (code === 'UNAVAILABLE' || code === 'TIMEOUT')
    return new AppError(code, 'Ein interner Dienst ist nicht erreichbar. Bitte versuche es später erneut.', { cause: err });
  return new AppError(code, detail, { cause: err });
}

/**
 * Health service name whose status also runs the readiness checks (database, store), the same as
 * HTTP /readyz. The empty name stays "process serves" (liveness); Kubernetes' readinessProbe asks for this one.
 */
export const READINESS_HEALTH_SERVICE = 'ready';

export class HealthState {
  serving = false;
  /** Set by the service kit: the checks of /readyz. */
  ready: (() => Promise<boolean>) | undefined;

  async status(service: string): Promise<boolean> {
    if (!this.serving) return false;
    if (service !== READINESS_HEALTH_SERVICE || !this.ready) return true;
    return this.ready().catch(() => false);
  }
}

/**
 * Every handler of a service first checks the caller's service token; without a valid one the call
 * ends UNAUTHENTICATED before the handler (and anything it reads or writes) runs.
 */
function requireServiceToken(definition: grpc.ServiceDefinition, implementation: AnyImpl, verify: ServiceTokenVerifier): AnyImpl {
  const refused = (): Partial<grpc.StatusObject> => ({ code: grpc.status.UNAUTHENTICATED, details: 'service authentication required' });
  const wrapped: AnyImpl = {};
  for (const [name, method] of Object.entries(definition)) {
    const handler = implementation[name] as ((...args: unknown[]) => unknown) | undefined;
    if (!handler) continue;
    if (!method.requestStream && !method.responseStream) {
      wrapped[name] = ((call: grpc.ServerUnaryCall<unknown, unknown>, cb: grpc.sendUnaryData<unknown>) => {
        verify(call.metadata).then(
          () => handler(call, cb),
          () => cb(refused()),
        );
      }) as grpc.handleUnaryCall<unknown, unknown>;
    } else if (!method.requestStream) {
      wrapped[name] = ((call: grpc.ServerWritableStream<unknown, unknown>) => {
        verify(call.metadata).then(
          () => handler(call),
          () => call.emit('error', refused()),
        );
      }) as grpc.handleServerStreamingCall<unknown, unknown>;
    } else {
      // Client and bidi streams: the handler is given the call only after the check passed.
      wrapped[name] = ((call: grpc.ServerReadableStream<unknown, unknown> & { emit(e: 'error', v: unknown): boolean }, cb?: grpc.sendUnaryData<unknown>) => {
        verify(call.metadata).then(
          () => handler(call, cb),
          () => (cb ? cb(refused()) : call.emit('error', refused())),
        );
      }) as AnyImpl[string];
    }
  }
  return wrapped;
}

export async function startGrpcServer(
  port: number,
  bindings: GrpcServiceBinding[],
  health: HealthState,
  host: string,
  verify: ServiceTokenVerifier,
): Promise<{ server: grpc.Server; port: number }> {
  const server = new grpc.Server();
  for (const b of bindings) server.addService(b.definition, requireServiceToken(b.definition, b.implementation, verify));
  // The health service stays open: Kubernetes' gRPC probes come from the node without a token.
  const H = healthV1.HealthCheckResponse_ServingStatus;
  server.addService(healthV1.HealthService, {
    check: (call: grpc.ServerUnaryCall<healthV1.HealthCheckRequest, unknown>, cb: grpc.sendUnaryData<healthV1.HealthCheckResponse>) => {
      void health.status(call.request?.service ?? '').then((ok) => cb(null, { status: ok ? H.SERVING : H.NOT_SERVING }));
    },
    watch: (call: grpc.ServerWritableStream<healthV1.HealthCheckRequest, healthV1.HealthCheckResponse>) => {
      void health.status(call.request?.service ?? '').then((ok) => {
        call.write({ status: ok ? H.SERVING : H.NOT_SERVING });
        call.end();
      });
    },
  });
  const bound = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`${host}:${port}`, grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  return { server, port: bound };
}

export function stopGrpcServer(server: grpc.Server | undefined, graceMs = 3000): Promise<void> {
  if (!server) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(() => {
      server.forceShutdown();
      resolve();
    }, graceMs);
    server.tryShutdown(() => {
      clearTimeout(t);
      resolve();
    });
  });
}

/** Deadline for an outgoing call. */
export function deadline(ms = 5000): grpc.CallOptions {
  return { deadline: new Date(Date.now() + ms) };
}

type UnaryMethod<Req, Res> = (
  req: Req,
  metadata: grpc.Metadata,
  options: Partial<grpc.CallOptions>,
  cb: (err: grpc.ServiceError | null, res: Res) => void,
) => unknown;

/** Metadata of an outgoing call: the id of the request being served, if any. */
function outgoingMetadata(): grpc.Metadata {
  const metadata = new grpc.Metadata();
  const requestId = currentRequestId();
  if (requestId) metadata.set(REQUEST_ID_METADATA, requestId);
  return metadata;
}

/** Promise form of a generated client's unary method, with deadline, request id and error mapping. */
export function callUnary<Req, Res>(method: UnaryMethod<Req, Res>, self: unknown, req: Req, ms = timeoutBudget().grpcCallMs): Promise<Res> {
  return new Promise((resolve, reject) => {
    method.call(self, req, outgoingMetadata(), deadline(ms), (err, res) => (err ? reject(fromGrpcError(err)) : resolve(res)));
  });
}

export async function checkGrpcHealth(addr: string, ms = 2000, service = ''): Promise<boolean> {
  const client = new healthV1.HealthClient(addr, grpc.credentials.createInsecure());
  try {
    const res = await callUnary(client.check.bind(client) as UnaryMethod<healthV1.HealthCheckRequest, healthV1.HealthCheckResponse>, client, { service }, ms);
    return res.status === healthV1.HealthCheckResponse_ServingStatus.SERVING;
  } catch {
    return false;
  } finally {
    client.close();
  }
}
