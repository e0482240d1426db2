import { describe, expect, it } from 'vitest';
import { openApiText } from '@stundenplan/contracts/openapi';
import { GATEWAY_MODES, base, issuer, store, upstream, useGateway } from './gateway-fixture.js';

describe.each(GATEWAY_MODES)(
  'gateway over real HTTP: limits, sessions, web app and health (GATEWAY_FAST_API_PATH=%s, GATEWAY_PROXY=%s)',
  (fastApiPath, proxy) => {
    useGateway(fastApiPath, proxy);

    it('rate-limits the contact form with 429 and wait_time in seconds', async () => {
      const send = () =>
        fetch(`${base}/api/contact`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.9.9.9' },
          body: JSON.stringify({ name: 'x' }),
        });
      await send();
      await send();
      const third = await send();
      expect(third.status).toBe(429);
      const body = (await third.json()) as { detail: string; wait_time: number };
      expect(body.wait_time).toBeGreaterThan(0);
      expect(body.wait_time).toBeLessThanOrEqual(120);
      expect(body.detail).toBeTruthy();
    });

    it('rate-limits the public calendar links per IP (docs/product/api.md), not the session calendar', async () => {
      const get = (p: string) => fetch(`${base}${p}`, { headers: { 'X-Forwarded-For': '10.8.8.8' } });
      const link = '/api/calendar/abcDEF_-0123456789abcdefghijklmnopqrstuvwxyz01.ics';
      expect((await get(link)).status).not.toBe(429);
      expect((await get(link)).status).not.toBe(429);
      const third = await get(link);
      expect(third.status).toBe(429);
      expect(((await third.json()) as { detail: string }).detail).toBe('Zu viele Kalenderabrufe. Bitte versuche es später erneut.');
      expect((await get('/api/me/calendar.ics')).status).not.toBe(429);
    });

    it('limits resending the confirmation link per account (it checks a password), body passed on unchanged', async () => {
      upstream.seen.length = 0;
      const send = (ip: string) =>
        fetch(`${base}/api/auth/resend-confirmation`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
          body: JSON.stringify({ email: 'Resend@B.de', password: 'geheim123' }),
        });
      for (let i = 0; i < 5; i++) expect((await send(`10.8.0.${i}`)).status).not.toBe(429);
      expect(JSON.parse(upstream.seen.at(-1)!.body)).toEqual({ email: 'Resend@B.de', password: 'geheim123' });
      const sixth = await send('10.8.0.99');
      expect(sixth.status).toBe(429);
      const body = (await sixth.json()) as { detail: string; wait_time: number };
      expect(body.detail).toBe('Zu viele Anfragen für einen neuen Bestätigungs-Link. Bitte warte einen Moment und versuche es erneut.');
      expect(body.wait_time).toBeGreaterThan(0);
    });

    it('limits logins per account AND client address: guesses from one address never lock the owner out elsewhere', async () => {
      const send = (ip: string) =>
        fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
          body: JSON.stringify({ email: `Opfer-${proxy}-${fastApiPath}@B.de`, password: 'geraten123' }),
        });
      for (let i = 0; i < 10; i++) expect((await send('10.7.0.1')).status).not.toBe(429);
      const eleventh = await send('10.7.0.1');
      expect(eleventh.status).toBe(429);
      expect(((await eleventh.json()) as { detail: string }).detail).toBe('Zu viele Anmeldeversuche. Bitte warte einen Moment und versuche es erneut.');
      expect((await send('10.7.0.2')).status).not.toBe(429);
    });

    it("tells the service the client's address it judged, replacing one the client sent", async () => {
      upstream.seen.length = 0;
      await fetch(`${base}/api/me/classes`, { headers: { 'X-Forwarded-For': '10.6.6.6', 'X-Client-Address': '10.1.1.1' } });
      expect(upstream.seen.at(-1)!.headers['x-client-address']).toBe('10.6.6.6');
    });

    it('re-sends the parsed login body upstream unchanged', async () => {
      upstream.seen.length = 0;
      await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'a@b.de', password: 'geheim123' }),
      });
      expect(JSON.parse(upstream.seen.at(-1)!.body)).toEqual({ email: 'a@b.de', password: 'geheim123' });
    });

    it('drops a revoked session cookie before it reaches a service', async () => {
      const token = await issuer.sign({ role: 'teacher' }, { sessionId: 'sess-revoked' });
      await store.set('revoked:session:sess-revoked', '1', 60);
      upstream.seen.length = 0;
      const res = await fetch(`${base}/api/me/classes`, { headers: { Cookie: `sp_session=${token}; other=1` } });
      expect(res.status).toBe(200);
      expect(upstream.seen.at(-1)!.headers.cookie).toBe('other=1');
    });

    it('passes a valid session cookie through', async () => {
      const token = await issuer.sign({ role: 'student' });
      upstream.seen.length = 0;
      await fetch(`${base}/api/me/classes`, { headers: { Cookie: `sp_session=${token}` } });
      expect(upstream.seen.at(-1)!.headers.cookie).toBe(`sp_session=${token}`);
    });

    it('serves the SPA for every client route', async () => {
      for (const p of ['/', '/login', '/me/classes', '/scheduling/step-2', '/register/wort-wort-wort&memberId=x', '/irgendwas']) {
        const res = await fetch(`${base}${p}`);
        expect(res.status).toBe(200);
        expect(await res.text()).toContain('<div id="root">');
      }
    });

    it('serves the OpenAPI 3.1 document of the contracts at /api/openapi.json, without a session', async () => {
      const res = await fetch(`${base}/api/openapi.json`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('public, max-age=300');
      const text = await res.text();
      expect(text).toBe(openApiText());
      const doc = JSON.parse(text) as { openapi: string; paths: Record<string, Record<string, { operationId: string }>> };
      expect(doc.openapi).toBe('3.1.0');
      expect(doc.paths['/api/cp-sat-berechnung-from-db']?.post?.operationId).toBe('calculate');
    });

    it('aggregates readiness of every service at /api/healthz', async () => {
      const res = await fetch(`${base}/api/healthz`);
      const body = (await res.json()) as { services: Record<string, { status: string }> };
      expect(Object.keys(body.services).sort()).toEqual([
        'auth',
        'availability',
        'classes',
        'document',
        'lessons',
        'notification',
        'scheduling-solver',
        'school',
      ]);
      expect(body.services.notification?.status).toBe('unreachable');
      expect(body.services.auth?.status).toBe('ok');
      expect(res.status).toBe(503);
    });

    it('stays ready itself while a service is down, so Kubernetes keeps routing the other services to it', async () => {
      const res = await fetch(`${base}/readyz`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok', checks: { store: true } });
    });
  },
);
