import { endpoints } from '@stundenplan/contracts';
import { describe, expect, it } from 'vitest';
import { RATE_RULES } from './rate-limits.js';
import { matchRoute, ROUTES, SERVICE_LABELS, UPLOAD_LIMITS } from './route-table.js';

const id = '0b1c2d3e-1111-4222-8333-444455556666';

/** A contract path with every placeholder filled (a value no literal segment has). */
const sample = (path: string) => path.replace(/\{\w+\}/g, id);

describe('route table: generated from the contracts', () => {
  it.each(endpoints.map((e) => [e.method, e.path, e.service, e.id] as const))('routes %s %s to %s (%s)', (method, path, service, contract) => {
    const route = matchRoute(sample(path));
    expect(route?.service).toBe(service);
    expect(route?.endpoints).toContainEqual({ id: contract, method });
  });

  it('has one route per contract path and nothing else', () => {
    expect(ROUTES.map((r) => r.path).sort()).toEqual([...new Set(endpoints.map((e) => e.path))].sort());
    for (const route of ROUTES) expect(SERVICE_LABELS[route.service], route.path).toBeTruthy();
  });

  it('answers no path that no contract has', () => {
    for (const path of [
      '/api',
      '/api/classes/x/y/z/w/v',
      '/api/auth/unknown',
      '/api/auth/login/x',
      `/api/auth/validate-register-shortcut/${id}/x`,
      `/api/classes/${id}/unknown`,
      `/api/classes/${id}/time-range/x`,
      `/api/schedules/${id}/x`,
      '/api/progress/x',
      '/api/students/x',
      '/api/gibt-es-nicht',
    ])
      expect(matchRoute(path), path).toBeUndefined();
  });

  it('gives the uploads (multipart contracts) the larger body limit, and the calendar import its own', () => {
    const uploads = ROUTES.filter((r) => r.upload).map((r) => r.path);
    expect(uploads.sort()).toEqual(['/api/extract-custom-csv', '/api/extract-hmtm-csv', '/api/me/calendar-import', '/api/send-schedule-to-students']);
    expect(matchRoute('/api/me/calendar-import')).toMatchObject({
      service: 'availability',
      upload: true,
      uploadLimit: { bytes: 2 * 1024 * 1024 + 64 * 1024, detail: 'Die Datei ist zu groß (maximal 2 MB).' },
    });
    for (const contract of Object.keys(UPLOAD_LIMITS)) expect(endpoints.map((e) => e.id)).toContain(contract);
  });

  it.each(RATE_RULES.map((r) => [r.name, r] as const))('rate rule %s counts a path and method a contract answers', (_name, rule) => {
    const method = rule.method ?? 'POST';
    const path = rule.example ?? rule.path.source.replace(/^\^/, '').replace(/\$$/, '').replace(/\\\//g, '/');
    expect(rule.path.test(path), path).toBe(true);
    expect(
      matchRoute(path)?.endpoints.map((e) => e.method),
      path,
    ).toContain(method);
  });
});

describe('route table: deadline, reminder, semester and calendar paths', () => {
  it('sends the class deadline to classes, times and ranges still to availability', () => {
    expect(matchRoute(`/api/classes/${id}/deadline`)?.service).toBe('classes');
    expect(matchRoute(`/api/classes/${id}/remind`)?.service).toBe('classes');
    expect(matchRoute('/api/me/calendar.ics')?.service).toBe('notification');
    expect(matchRoute('/api/me')?.service).toBe('auth');
    expect(matchRoute('/api/me/export')?.service).toBe('auth');
    expect(matchRoute('/api/me/calendar-subscription')?.service).toBe('notification');
    expect(matchRoute('/api/calendar/abcDEF_-0123456789abcdefghijklmnopqrstuvwxyz01.ics')?.service).toBe('notification');
    expect(matchRoute(`/api/classes/${id}/available-times`)?.service).toBe('availability');
    expect(matchRoute(`/api/classes/${id}/time-range`)?.service).toBe('availability');
    expect(matchRoute(`/api/classes/${id}/time-range/extended`)?.service).toBe('availability');
  });

  it('sends the semester to classes, the dated lessons and the send preview to notification', () => {
    expect(matchRoute(`/api/classes/${id}/semester`)?.service).toBe('classes');
    expect(matchRoute(`/api/classes/${id}/lessons`)?.service).toBe('notification');
    expect(matchRoute(`/api/classes/${id}/lessons/`)?.service).toBe('notification');
    expect(matchRoute('/api/me/lessons')?.service).toBe('notification');
    expect(matchRoute(`/api/classes/${id}/send-preview`)?.service).toBe('notification');
  });

  it('prefers a literal segment to a placeholder across services', () => {
    expect(matchRoute(`/api/auth/validate-register-shortcut/${id}`)?.service).toBe('classes');
    expect(matchRoute('/api/auth/validate-member-id')?.service).toBe('classes');
    expect(matchRoute('/api/auth/login')?.service).toBe('auth');
    expect(matchRoute(`/api/classes/${id}/members/new`)?.endpoints).toEqual([{ id: 'addNewMembers', method: 'POST' }]);
    expect(matchRoute(`/api/classes/${id}/members/${id}`)?.endpoints).toEqual([{ id: 'removeMember', method: 'DELETE' }]);
  });
});
