// The one HTTP client of the SPA: docs/product/api.md "General" and docs/product/errors.md "Generic handling" live here and nowhere else.
import type { AnswerOf, BodyOf, Endpoint, PathParams, QueryOf } from '@stundenplan/contracts';
// Zod-free at run time, so the first download carries no schema (packages/contracts/src/routes.ts).
import { pathOf } from '@stundenplan/contracts/routes';
import { LAST_PATH_KEY, SESSION_EXPIRED_KEY, writeStorage } from '../storage';

export const API_PREFIX = '/api';
export const REQUEST_TIMEOUT_MS = 30000;
/** Fired on window when a call answered 401 and the session-expired flow ran. */
export const UNAUTHORIZED_EVENT = 'stundenplan:unauthorized';

export const API_MESSAGES = {
  forbidden: 'Du hast keine Berechtigung für diese Aktion',
  aborted: 'Die Anfrage wurde abgebrochen',
  generic: 'Ein Fehler ist aufgetreten',
} as const;

export type ApiErrorKind = 'http' | 'aborted' | 'timeout' | 'network';

export class ApiError extends Error {
  /** HTTP status, or 0 when no answer arrived (abort, timeout, network). */
  readonly status: number;
  /** The parsed answer body (JSON when possible, else text), if any. */
  readonly body: unknown;
  readonly kind: ApiErrorKind;

  constructor(message: string, init: { status: number; body?: unknown; kind: ApiErrorKind; cause?: unknown }) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.body = init.body;
    this.kind = init.kind;
  }

  /** The raw `detail` field of the answer body, whatever its type. */
  get detail(): unknown {
    return isRecord(this.body) ? this.body.detail : undefined;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True for requests cancelled on purpose (superseded, route change, caller signal) or timed out. */
export function isAbortError(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'aborted' || error.kind === 'timeout');
}

/** The message to show for any thrown value, preferring the server's text. */
export function errorMessage(error: unknown, fallback: string = API_MESSAGES.generic): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export type ResponseType = 'json' | 'text' | 'blob';

export interface RequestOptions {
  /** Caller's signal (e.g. react-query's); aborting it aborts the request. */
  signal?: AbortSignal;
  /** Defaults to REQUEST_TIMEOUT_MS. */
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** A new request with the same method and URL aborts the earlier pending one (default true). */
  abortPrevious?: boolean;
  /** abortAllRequests() (route change) aborts this request (default true). */
  abortOnRouteChange?: boolean;
  /**
   * Run the 401 session-expired flow (default true). The login call and the session check
   * (GET me) are always exempt; public auth calls (register, update-password, …) switch it off
   * because a 401 there is an answer, not an expired session.
   */
  authRedirect?: boolean;
  /** How to read a successful answer (default json; empty answers give undefined). */
  responseType?: ResponseType;
}

type Navigator = (path: string) => void;

interface PendingRequest {
  controller: AbortController;
  routeScoped: boolean;
}

const pendingByKey = new Map<string, AbortController>();
const pendingRequests = new Set<PendingRequest>();
let navigator: Navigator | null = null;

/** The layout registers the router's navigate so the 401 flow does not reload the page. */
export function setApiNavigator(navigate: Navigator | null): void {
  navigator = navigate;
}

/** Aborts every running request that is scoped to the current route (docs/product/screens.md). */
export function abortAllRequests(): void {
  for (const pending of [...pendingRequests]) {
    if (pending.routeScoped) pending.controller.abort();
  }
}

export function apiUrl(path: string): string {
  const trimmed = path.replace(/^\/+/, '').replace(/^api(\/|$)/, '');
  return `${API_PREFIX}/${trimmed}`;
}

/** Appends query parameters, skipping null and undefined values. */
export function withQuery(path: string, params: Record<string, string | number | boolean | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined) search.append(key, String(value));
  }
  const query = search.toString();
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/**
 * docs/product/README.md: every 401 runs the session-expired flow except the login call and the session check
 * (GET me) itself. Calls under me/ (me/classes, me/available-times, …) are ordinary calls: a 401
 * there means the session ran out while the user was working.
 */
export function isExemptFromAuthRedirect(url: string, method: string = 'GET'): boolean {
  const pathOnly = (url.split(/[?#]/, 1)[0] ?? '').replace(/\/+$/, '');
  if (/(^|\/)auth\/login$/.test(pathOnly)) return true;
  return method.toUpperCase() === 'GET' && /^(\/api)?\/me$/.test(pathOnly);
}

/** Turns an answer body's detail into text: strings as they are, anything else as JSON. */
export function detailText(body: unknown): string | undefined {
  if (!isRecord(body) || !('detail' in body)) return undefined;
  const { detail } = body;
  if (detail === null || detail === undefined || detail === '') return undefined;
  if (typeof detail === 'string') return detail;
  if (typeof detail === 'object') return JSON.stringify(detail);
  return String(detail);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function runSessionExpiredFlow(): void {
  const current = `${window.location.pathname}${window.location.search}`;
  writeStorage(SESSION_EXPIRED_KEY, 'true');
  // A second 401 arriving after the redirect must not overwrite the page the user was really on.
  if (window.location.pathname !== '/') writeStorage(LAST_PATH_KEY, current);
  window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
  if (navigator) navigator('/');
  else window.location.assign('/');
}

async function readBody(response: Response, type: ResponseType): Promise<unknown> {
  if (type === 'blob') return response.blob();
  const text = await response.text();
  if (type === 'text') return text;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function request<T>(method: string, path: string, body: unknown, options: RequestOptions = {}): Promise<T | undefined> {
  const url = apiUrl(path);
  const key = `${method} ${url}`;
  const controller = new AbortController();
  const entry: PendingRequest = { controller, routeScoped: options.abortOnRouteChange !== false };
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  let timedOut = false;

  if (options.abortPrevious !== false) {
    pendingByKey.get(key)?.abort();
    pendingByKey.set(key, controller);
  }
  pendingRequests.add(entry);

  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  else options.signal?.addEventListener('abort', onCallerAbort, { once: true });

  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let payload: BodyInit | undefined;
  if (isForm) {
    payload = body as FormData; // the browser sets the multipart boundary itself
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  try {
    let response: Response;
    let parsed: unknown;
    try {
      response = await fetch(url, { method, headers, body: payload, credentials: 'include', signal: controller.signal });
      parsed = await readBody(response, response.ok ? (options.responseType ?? 'json') : 'json');
    } catch (error) {
      if (controller.signal.aborted) {
        throw new ApiError(API_MESSAGES.aborted, { status: 0, kind: timedOut ? 'timeout' : 'aborted', cause: error });
      }
      throw new ApiError(API_MESSAGES.generic, { status: 0, kind: 'network', cause: error });
    }

    if (response.ok) return parsed as T;

    if (response.status === 401 && options.authRedirect !== false && !isExemptFromAuthRedirect(url, method)) {
      runSessionExpiredFlow();
      return undefined;
    }
    if (response.status === 403) {
      throw new ApiError(API_MESSAGES.forbidden, { status: 403, body: parsed, kind: 'http' });
    }
    const fallback = isForm ? API_MESSAGES.generic : `Fehler ${response.status}`;
    throw new ApiError(detailText(parsed) ?? fallback, { status: response.status, body: parsed, kind: 'http' });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
    pendingRequests.delete(entry);
    if (pendingByKey.get(key) === controller) pendingByKey.delete(key);
  }
}

/**
 * Every method resolves to the parsed answer, or to undefined when the answer was empty or the
 * 401 session-expired flow took over (the browser is then on its way to '/').
 */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('DELETE', path, body, options),
  /** Create-or-replace; a POST on the wire (docs/product/api.md). */
  upsert: <T>(path: string, body: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  /** Multipart upload; the FormData is sent as is. */
  postForm: <T>(path: string, form: FormData, options?: RequestOptions) => request<T>('POST', path, form, options),
};

export type Api = typeof api;

/** What a call of a contract needs: its path parameters, its body and its query, each only where the contract has one. */
export type CallInput<E extends Endpoint> = ([keyof PathParams<E>] extends [never] ? { params?: undefined } : { params: PathParams<E> }) &
  (E['body'] extends undefined ? { body?: undefined } : { body: BodyOf<E> }) &
  (E['query'] extends undefined ? { query?: undefined } : { query: QueryOf<E> });

/**
 * A call of one public endpoint as its contract (packages/contracts) gives it: the body, the query and the
 * answer are typed by the contract, so a change of either side fails the build of the other. Resolves to
 * undefined when the 401 session-expired flow took over or the answer was empty.
 */
export function call<E extends Endpoint>(endpoint: E, input: CallInput<E>, options?: RequestOptions): Promise<AnswerOf<E> | undefined> {
  const path = pathOf(endpoint, (input.params ?? {}) as PathParams<E>);
  const url = input.query ? withQuery(path, input.query as Record<string, string | number | boolean | null | undefined>) : path;
  const responseType = endpoint.answerKind === 'application/pdf' || endpoint.answerKind === 'text/calendar' ? 'blob' : options?.responseType;
  return request<AnswerOf<E>>(endpoint.method, url, input.body, { ...options, ...(responseType ? { responseType } : {}) });
}
