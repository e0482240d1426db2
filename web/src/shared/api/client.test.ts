import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFetchMock } from '../../test/fetch-mock';
import { ApiError, abortAllRequests, api, apiUrl, isExemptFromAuthRedirect, setApiNavigator, UNAUTHORIZED_EVENT, withQuery } from './client';

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

beforeEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  setApiNavigator(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('request basics', () => {
  it('prefixes paths with /api, sends cookies and JSON headers, and parses the JSON answer', async () => {
    const mock = installFetchMock([{ method: 'POST', path: '/api/classes', reply: { status: 201, body: { class_id: 'c1' } } }]);

    const result = await api.post<{ class_id: string }>('classes', { name: 'Klavier' });

    expect(result).toEqual({ class_id: 'c1' });
    const call = mock.calls[0]!;
    expect(call.url).toBe('/api/classes');
    expect(call.method).toBe('POST');
    expect(call.init.credentials).toBe('include');
    expect(call.headers['content-type']).toBe('application/json');
    expect(call.headers['accept']).toBe('application/json');
    expect(call.body).toEqual({ name: 'Klavier' });
  });

  it('normalises leading slashes and an existing /api prefix', () => {
    expect(apiUrl('me')).toBe('/api/me');
    expect(apiUrl('/me/classes')).toBe('/api/me/classes');
    expect(apiUrl('/api/contact')).toBe('/api/contact');
    expect(apiUrl('apiary')).toBe('/api/apiary');
  });

  it('builds query strings and skips empty values', () => {
    expect(withQuery('auth/validate-member-id', { member_id: 'm 1', class_id: 'c', x: undefined })).toBe('auth/validate-member-id?member_id=m+1&class_id=c');
    expect(withQuery('schedules?a=1', { class_id: 7 })).toBe('schedules?a=1&class_id=7');
  });

  it('uses the right HTTP verb for every method, upsert being a POST', async () => {
    const mock = installFetchMock([{ path: /.*/, reply: { status: 200, body: {} } }]);
    await api.get('a');
    await api.put('b', { x: 1 });
    await api.patch('c', { x: 1 });
    await api.delete('d');
    await api.upsert('e', { x: 1 });
    expect(mock.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/a', 'PUT /api/b', 'PATCH /api/c', 'DELETE /api/d', 'POST /api/e']);
  });

  it('sends FormData as is, without a JSON content type', async () => {
    const mock = installFetchMock([{ path: '/api/extract-hmtm-csv', reply: { body: { studierende: [] } } }]);
    const form = new FormData();
    form.append('csv_file', new Blob(['a;b']), 'x.csv');

    await api.postForm('extract-hmtm-csv', form);

    expect(mock.calls[0]!.init.body).toBe(form);
    expect(mock.calls[0]!.headers['content-type']).toBeUndefined();
  });

  it('answers undefined for an empty body', async () => {
    installFetchMock([{ path: '/api/x', reply: { status: 204 } }]);
    await expect(api.delete('x')).resolves.toBeUndefined();
  });
});

describe('error mapping', () => {
  it('turns 403 into the permission message and keeps status and body', async () => {
    installFetchMock([{ path: '/api/classes/1', reply: { status: 403, body: { detail: 'Forbidden' } } }]);
    const error = await caught(api.get('classes/1'));
    expect(error.message).toBe('Du hast keine Berechtigung für diese Aktion');
    expect(error.status).toBe(403);
    expect(error.body).toEqual({ detail: 'Forbidden' });
  });

  it("uses 'Fehler {status}' when the body has no detail", async () => {
    installFetchMock([{ path: '/api/x', reply: { status: 500, body: { error: 'boom' } } }]);
    const error = await caught(api.get('x'));
    expect(error.message).toBe('Fehler 500');
    expect(error.status).toBe(500);
    expect(error.body).toEqual({ error: 'boom' });
  });

  it('prefers a string detail', async () => {
    installFetchMock([{ path: '/api/x', reply: { status: 400, body: { detail: 'Maximal 20 Kurse' } } }]);
    expect((await caught(api.post('x', {}))).message).toBe('Maximal 20 Kurse');
  });

  it('stringifies an object detail and keeps the object in the body', async () => {
    const detail = { error_type: 'INFEASIBLE', message: 'nope', skipped_students: [] };
    installFetchMock([{ path: '/api/cp-sat-berechnung-from-db', reply: { status: 400, body: { detail } } }]);
    const error = await caught(api.post('cp-sat-berechnung-from-db', {}));
    expect(error.message).toBe(JSON.stringify(detail));
    expect(error.detail).toEqual(detail);
  });

  it("reports form-data failures with the detail or 'Ein Fehler ist aufgetreten'", async () => {
    installFetchMock([
      { path: '/api/with-detail', reply: { status: 422, body: { detail: 'CSV kaputt' } } },
      { path: '/api/without-detail', reply: { status: 500, body: {} } },
    ]);
    expect((await caught(api.postForm('with-detail', new FormData()))).message).toBe('CSV kaputt');
    expect((await caught(api.postForm('without-detail', new FormData()))).message).toBe('Ein Fehler ist aufgetreten');
  });

  it('reports a network failure as a generic error with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await caught(api.get('x'));
    expect(error.status).toBe(0);
    expect(error.kind).toBe('network');
    expect(error.message).toBe('Ein Fehler ist aufgetreten');
  });
});

describe('aborting', () => {
  it('aborts the earlier pending request to the same URL', async () => {
    let n = 0;
    installFetchMock([{ path: '/api/me/classes', reply: () => (++n === 1 ? { hang: true } : { body: ['second'] }) }]);

    const first = api.get('me/classes');
    const second = api.get('me/classes');

    const error = await caught(first);
    expect(error.message).toBe('Die Anfrage wurde abgebrochen');
    expect(error.kind).toBe('aborted');
    await expect(second).resolves.toEqual(['second']);
  });

  it('does not abort requests to other URLs, nor when abortPrevious is false', async () => {
    let n = 0;
    installFetchMock([
      { path: '/api/a', reply: () => (++n === 1 ? { status: 200, body: 'first' } : { body: 'again' }) },
      { path: '/api/b', reply: { body: 'b' } },
    ]);
    const first = api.get('a', { abortPrevious: false });
    const other = api.get('b');
    const again = api.get('a', { abortPrevious: false });
    await expect(first).resolves.toBe('first');
    await expect(other).resolves.toBe('b');
    await expect(again).resolves.toBe('again');
  });

  it('abortAllRequests aborts route-scoped requests but not opted-out ones', async () => {
    installFetchMock([
      { path: '/api/slow', reply: { hang: true } },
      { path: '/api/me', reply: () => ({ hang: true }) },
    ]);
    const scoped = api.get('slow');
    const session = api.get('me', { abortOnRouteChange: false, timeoutMs: 50 });

    abortAllRequests();

    expect((await caught(scoped)).message).toBe('Die Anfrage wurde abgebrochen');
    // The opted-out request survives the route change and only ends by its own timeout.
    expect((await caught(session)).kind).toBe('timeout');
  });

  it('times out after 30000 ms', async () => {
    vi.useFakeTimers();
    installFetchMock([{ path: '/api/slow', reply: { hang: true } }]);
    const pending = caught(api.get('slow'));

    await vi.advanceTimersByTimeAsync(29_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('Die Anfrage wurde abgebrochen');
  });

  it("follows the caller's abort signal", async () => {
    installFetchMock([{ path: '/api/slow', reply: { hang: true } }]);
    const controller = new AbortController();
    const pending = caught(api.get('slow', { signal: controller.signal }));
    controller.abort();
    expect((await pending).kind).toBe('aborted');
  });
});

describe('401 session-expired flow', () => {
  it('stores the flag and the current path, announces it, navigates to / and resolves to nothing', async () => {
    window.history.replaceState(null, '', '/me/classes?selectClass=abc');
    installFetchMock([{ path: '/api/classes/c1/members', reply: { status: 401, body: { detail: 'expired' } } }]);
    const navigate = vi.fn();
    setApiNavigator(navigate);
    const announced = vi.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, announced);

    const result = await api.get('classes/c1/members');

    window.removeEventListener(UNAUTHORIZED_EVENT, announced);
    expect(result).toBeUndefined();
    expect(window.localStorage.getItem('sessionExpired')).toBe('true');
    expect(window.localStorage.getItem('lastPath')).toBe('/me/classes?selectClass=abc');
    expect(navigate).toHaveBeenCalledWith('/');
    expect(announced).toHaveBeenCalledTimes(1);
  });

  it('falls back to window.location.assign when no navigator is registered', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, pathname: '/student', search: '', assign } as Location);
    installFetchMock([{ path: '/api/profile', reply: { status: 401 } }]);

    await expect(api.get('profile')).resolves.toBeUndefined();
    expect(assign).toHaveBeenCalledWith('/');
    expect(window.localStorage.getItem('lastPath')).toBe('/student');
  });

  it.each(['auth/login', 'me'])('throws a normal 401 error for the exempt path %s', async (path) => {
    installFetchMock([{ path: apiUrl(path), reply: { status: 401, body: { detail: 'Not authenticated' } } }]);
    const navigate = vi.fn();
    setApiNavigator(navigate);

    const error = await caught(api.get(path));

    expect(error.status).toBe(401);
    expect(error.message).toBe('Not authenticated');
    expect(navigate).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('sessionExpired')).toBeNull();
  });

  it('lets a caller switch the redirect off', async () => {
    installFetchMock([{ path: '/api/auth/update-password', reply: { status: 401, body: {} } }]);
    const navigate = vi.fn();
    setApiNavigator(navigate);
    const error = await caught(api.post('auth/update-password', {}, { authRedirect: false }));
    expect(error.message).toBe('Fehler 401');
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each(['me/classes', 'me/available-times', 'me/teachers-time-ranges'])(
    'runs the expired-session flow for a 401 from %s (only GET me itself is exempt)',
    async (path) => {
      installFetchMock([{ path: apiUrl(path), reply: { status: 401, body: { detail: 'Not authenticated' } } }]);
      const navigate = vi.fn();
      setApiNavigator(navigate);

      await expect(api.put(path, {})).resolves.toBeUndefined();

      expect(navigate).toHaveBeenCalledWith('/');
      expect(window.localStorage.getItem('sessionExpired')).toBe('true');
    },
  );

  it('exempts only the login call and the session check GET me', () => {
    expect(isExemptFromAuthRedirect('/api/auth/login')).toBe(true);
    expect(isExemptFromAuthRedirect('/api/me')).toBe(true);
    expect(isExemptFromAuthRedirect('/api/me?x=1')).toBe(true);
    expect(isExemptFromAuthRedirect('/api/me', 'DELETE')).toBe(false);
    expect(isExemptFromAuthRedirect('/api/me/teachers-time-ranges')).toBe(false);
    expect(isExemptFromAuthRedirect('/api/me/available-times', 'PUT')).toBe(false);
    expect(isExemptFromAuthRedirect('/api/auth/login-history')).toBe(false);
    expect(isExemptFromAuthRedirect('/api/classes/1/members')).toBe(false);
    expect(isExemptFromAuthRedirect('/api/profile')).toBe(false);
  });
});
