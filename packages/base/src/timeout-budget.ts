/**
 * One time budget for a request, from one setting (REQUEST_TIMEOUT_MS, the gateway's limit). Every
 * layer gets less than its caller, so the inner one gives up first and its answer (a German 504 or
 * the solver's first plan) still reaches the browser:
 *
 *   browser > gateway (REQUEST_TIMEOUT_MS) > service (a use case's own guard) > solver (hard stop of a worker)
 *
 * The browser cannot read the server's settings: its constant (web/src) is `browserMs` of the default.
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 25_000;

export interface TimeoutBudget {
  /** How long the browser waits: the gateway's limit plus the way back. */
  browserMs: number;
  /** The gateway's upstream (proxy) timeout. */
  gatewayMs: number;
  /** A service's guard around its slowest step (the scheduling service's solve). */
  serviceMs: number;
  /** The solver pool's hard stop of one solve; the engine's own limit must stay below it. */
  solverMs: number;
  /** One gRPC call between services. */
  grpcCallMs: number;
}

/** Each inner layer keeps 80 % of its caller's budget. */
const INNER_SHARE = 0.8;
const BROWSER_EXTRA_MS = 5_000;
const GRPC_CALL_MAX_MS = 5_000;

export function timeoutBudget(requestTimeoutMs: number = DEFAULT_REQUEST_TIMEOUT_MS): TimeoutBudget {
  const gatewayMs = requestTimeoutMs;
  const serviceMs = Math.floor(gatewayMs * INNER_SHARE);
  const solverMs = Math.floor(serviceMs * INNER_SHARE);
  return { browserMs: gatewayMs + BROWSER_EXTRA_MS, gatewayMs, serviceMs, solverMs, grpcCallMs: Math.min(GRPC_CALL_MAX_MS, solverMs) };
}
