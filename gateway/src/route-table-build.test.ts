import { describe, expect, it } from 'vitest';
import { buildRoutes, createMatcher, patternOf, type RouteContract } from './route-table-build.js';

const c = (id: string, method: string, path: string, service: string, bodyKind?: 'multipart'): RouteContract => ({ id, method, path, service, bodyKind });

describe('route table builder', () => {
  it('turns each placeholder into exactly one path segment, also inside a segment', () => {
    const byId = patternOf('/api/classes/{classId}/members');
    expect(byId.test('/api/classes/c1/members')).toBe(true);
    expect(byId.test('/api/classes/a%2Fb/members')).toBe(true);
    expect(byId.test('/api/classes/c1/c2/members')).toBe(false);
    expect(byId.test('/api/classes//members')).toBe(false);
    expect(byId.test('/api/classes/c1/members/x')).toBe(false);
    const file = patternOf('/api/calendar/{token}.ics');
    expect(file.test('/api/calendar/abc_-1.ics')).toBe(true);
    expect(file.test('/api/calendar/abc')).toBe(false);
    expect(file.test('/api/calendar/.ics')).toBe(false);
    expect(file.test('/api/calendar/a/b.ics')).toBe(false);
    expect(file.test('/api/calendar/abcXics')).toBe(false);
  });

  it('prefers a literal segment to a placeholder, whatever order the contracts come in', () => {
    const contracts = [
      c('anyOfClass', 'GET', '/api/classes/{classId}/{part}', 'classes'),
      c('lessons', 'GET', '/api/classes/{classId}/lessons', 'lessons'),
      c('byToken', 'GET', '/api/feed/{token}', 'a'),
      c('byFile', 'GET', '/api/feed/{token}.ics', 'b'),
      c('fixed', 'GET', '/api/feed/today.ics', 'c'),
    ];
    for (const order of [contracts, [...contracts].reverse()]) {
      const match = createMatcher(buildRoutes(order));
      expect(match('/api/classes/c1/lessons')?.service).toBe('lessons');
      expect(match('/api/classes/c1/members')?.service).toBe('classes');
      expect(match('/api/classes/lessons/lessons')?.service).toBe('lessons');
      expect(match('/api/feed/today.ics')?.service).toBe('c');
      expect(match('/api/feed/x.ics')?.service).toBe('b');
      expect(match('/api/feed/x')?.service).toBe('a');
      expect(match('/api/feed/x/')?.service).toBe('a');
      expect(match('/api/feed')).toBeUndefined();
      expect(match('/api/feed/x/y')).toBeUndefined();
    }
  });

  it('keeps every method of a path in one route and marks multipart contracts as uploads', () => {
    const routes = buildRoutes(
      [c('get', 'GET', '/api/me/import', 'x'), c('post', 'POST', '/api/me/import', 'x', 'multipart'), c('other', 'GET', '/api/me/other', 'x')],
      { post: { bytes: 10, detail: 'Zu groß.' } },
    );
    const match = createMatcher(routes);
    expect(match('/api/me/import')).toMatchObject({
      endpoints: [
        { id: 'get', method: 'GET' },
        { id: 'post', method: 'POST' },
      ],
      upload: true,
      uploadLimit: { bytes: 10, detail: 'Zu groß.' },
    });
    expect(match('/api/me/other')?.upload).toBeUndefined();
  });

  it('refuses two services on one path, two contracts for one method, and paths it cannot route', () => {
    expect(() => buildRoutes([c('a', 'GET', '/api/x/{id}', 'one'), c('b', 'PUT', '/api/x/{other}', 'two')])).toThrow(
      '/api/x/{other} is claimed by two services: one (a) and two (b)',
    );
    expect(() => buildRoutes([c('a', 'GET', '/api/x/{id}', 'one'), c('b', 'GET', '/api/x/{other}', 'one')])).toThrow(
      'two contracts for GET /api/x/{other}: a and b',
    );
    for (const path of ['/api/x/', '/other/x', '/api/x/{id', '/api/x/(.*)', '/api//x'])
      expect(() => buildRoutes([c('a', 'GET', path, 'one')]), path).toThrow('is not a path the gateway can route');
  });

  it('refuses an upload limit for a contract that does not exist or takes no upload', () => {
    const contracts = [c('json', 'POST', '/api/x', 'one'), c('file', 'POST', '/api/y', 'one', 'multipart')];
    const limit = { bytes: 1, detail: 'Zu groß.' };
    expect(() => buildRoutes(contracts, { nope: limit })).toThrow('an upload limit names nope, which is no contract');
    expect(() => buildRoutes(contracts, { json: limit })).toThrow('an upload limit names json, which takes no upload');
    expect(() => buildRoutes(contracts, { file: limit })).not.toThrow();
  });
});
