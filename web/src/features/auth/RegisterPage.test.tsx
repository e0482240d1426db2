import '../../test/dom';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import type { MockRoute } from '../../test/fetch-mock';

const INSTITUTIONS = [{ id: 3, name: 'HMTM', students_mail: 'stud.hmtm.de', teachers_mail: 'hmtm.de' }];
const MEMBER_ID = '3f2b8c1e-1d2a-4c3b-8a9f-0123456789ab';
const SHORTCUT_INFO = {
  valid: true,
  class_id: 'c-1',
  teacher_name: 'Clara Schumann',
  institution_name: 'HMTM',
  institution_id: 3,
  class_name: 'Klavier Hauptfach',
  class_description: 'Sommersemester',
};

function baseRoutes(extra: MockRoute[] = []): MockRoute[] {
  return [...extra, { method: 'GET', path: '/api/institutions', reply: { body: INSTITUTIONS } }];
}

const submit = () => screen.getByRole('button', { name: /^Registrieren/ }) as HTMLButtonElement;

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('RegisterPage', () => {
  it('shows the e-mail hint after a 1 s pause and enables submit only for a valid e-mail', async () => {
    renderApp({ path: '/register', routes: baseRoutes() });
    await screen.findByLabelText('E-Mail');
    vi.useFakeTimers();
    type('E-Mail', 'anna@');
    expect(submit().disabled).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(999);
    });
    expect(screen.queryByText('Bitte überprüfe das Format deiner E-Mail-Adresse')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByText('Bitte überprüfe das Format deiner E-Mail-Adresse')).toBeTruthy();
    expect(submit().disabled).toBe(true);

    type('E-Mail', 'anna@example.org');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.getByText('Gültige E-Mail-Adresse')).toBeTruthy();
    expect(submit().disabled).toBe(false);
  });

  it('suggests vorname.nachname@ the institution domain for the role', async () => {
    renderApp({ path: '/register', routes: baseRoutes() });
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'HMTM' })).toHaveLength(1));
    type('Name', 'Jörg Weiß');
    fireEvent.change(screen.getByLabelText('Rolle'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Institution (optional)'), { target: { value: '3' } });
    expect(screen.getByText('joerg.weiss@hmtm.de')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Rolle'), { target: { value: '1' } });
    expect(screen.getByText('joerg.weiss@stud.hmtm.de')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Übernehmen' }));
    expect((screen.getByLabelText('E-Mail') as HTMLInputElement).value).toBe('joerg.weiss@stud.hmtm.de');
  });

  it('shows every validation message on submit and sends nothing', async () => {
    const app = renderApp({ path: '/register', routes: baseRoutes() });
    await screen.findByLabelText('E-Mail');
    type('Name', 'Anna');
    type('E-Mail', 'anna@example.org');
    type('Passwort', 'kurz');
    type('Passwort wiederholen', 'anders');
    await waitFor(() => expect(submit().disabled).toBe(false), { timeout: 2000 });
    fireEvent.click(submit());

    expect(screen.getByText('Bitte gib einen gültigen Namen ein.')).toBeTruthy();
    expect(screen.getByText('Das Passwort muss mindestens 8 Zeichen lang sein und Buchstaben sowie Zahlen enthalten.')).toBeTruthy();
    expect(screen.getByText('Die Passwörter stimmen nicht überein.')).toBeTruthy();
    expect(screen.getByText('Bitte wähle deine Rolle aus.')).toBeTruthy();
    expect(app.fetchMock.callsTo('/api/auth/register')).toHaveLength(0);
  });

  it('registers a student and passes the answer on to /registration-success', async () => {
    const app = renderApp({
      path: '/register',
      routes: baseRoutes([{ method: 'POST', path: '/api/auth/register', reply: { body: { message: 'Bitte bestätige deine E-Mail-Adresse.' } } }]),
    });
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'HMTM' })).toHaveLength(1));
    type('Name', ' Anna  Schmidt ');
    type('E-Mail', 'Anna.Schmidt@Stud.HMTM.de');
    type('Passwort', 'geheim123');
    type('Passwort wiederholen', 'geheim123');
    fireEvent.change(screen.getByLabelText('Rolle'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Institution (optional)'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Unterrichtsdauer'), { target: { value: '45' } });
    await waitFor(() => expect(submit().disabled).toBe(false), { timeout: 2000 });
    fireEvent.click(submit());

    await waitFor(() => expect(app.router.state.location.pathname).toBe('/registration-success'));
    expect(app.fetchMock.callsTo('/api/auth/register')[0]!.body).toEqual({
      email: 'anna.schmidt@stud.hmtm.de',
      password: 'geheim123',
      name: 'Anna Schmidt',
      registerShortcut: null,
      role_id: 1,
      institution_id: 3,
      duration: 45,
      memberId: null,
    });
    expect(app.router.state.location.state).toMatchObject({ message: 'Bitte bestätige deine E-Mail-Adresse.', email: 'anna.schmidt@stud.hmtm.de' });
    expect(await screen.findByText('Bitte bestätige deine E-Mail-Adresse.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zum Login' }).getAttribute('href')).toBe('/login');
  });

  it("shows the server's detail, or 'Registrierung fehlgeschlagen'", async () => {
    let attempt = 0;
    renderApp({
      path: '/register',
      routes: baseRoutes([
        {
          method: 'POST',
          path: '/api/auth/register',
          reply: () => (++attempt === 1 ? { status: 409, body: { detail: 'E-Mail bereits registriert' } } : { status: 500, body: {} }),
        },
      ]),
    });
    await screen.findByLabelText('E-Mail');
    type('Name', 'Anna Schmidt');
    type('E-Mail', 'anna@example.org');
    type('Passwort', 'geheim123');
    type('Passwort wiederholen', 'geheim123');
    fireEvent.change(screen.getByLabelText('Rolle'), { target: { value: '2' } });
    await waitFor(() => expect(submit().disabled).toBe(false), { timeout: 2000 });
    fireEvent.click(submit());
    expect(await screen.findByText('E-Mail bereits registriert')).toBeTruthy();
    fireEvent.click(submit());
    expect(await screen.findByText('Registrierung fehlgeschlagen')).toBeTruthy();
  });

  it('shows an institution loading failure with a retry button', async () => {
    let calls = 0;
    renderApp({ path: '/register', routes: [{ path: '/api/institutions', reply: () => (++calls === 1 ? { status: 500 } : { body: INSTITUTIONS }) }] });
    expect(await screen.findByText('Fehler beim Laden der Institutionen')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'HMTM' })).toHaveLength(1));
  });
});

describe('RegisterPage with a registration code', () => {
  it('validates the code and the memberId, shows the class and prefills the form', async () => {
    const app = renderApp({
      path: `/register/klavier-sonne-mond&memberId=${MEMBER_ID}`,
      routes: baseRoutes([
        { path: '/api/auth/validate-register-shortcut/klavier-sonne-mond', reply: { body: SHORTCUT_INFO } },
        { path: '/api/auth/validate-member-id', reply: { body: { valid: true, name: 'Felix Müller', email: 'felix@stud.hmtm.de', duration: 60 } } },
        { method: 'POST', path: '/api/auth/register', reply: { body: { message: 'ok' } } },
      ]),
    });
    expect(await screen.findByText('Klavier Hauptfach')).toBeTruthy();
    expect(screen.getByText('Clara Schumann')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Felix Müller'));
    expect((screen.getByLabelText('E-Mail') as HTMLInputElement).value).toBe('felix@stud.hmtm.de');
    expect((screen.getByLabelText('Unterrichtsdauer') as HTMLSelectElement).value).toBe('60');
    expect(screen.queryByLabelText('Rolle')).toBeNull();
    expect(app.fetchMock.calls.find((c) => c.url.startsWith('/api/auth/validate-member-id'))!.url).toBe(
      `/api/auth/validate-member-id?member_id=${MEMBER_ID}&class_id=c-1`,
    );

    type('Passwort', 'geheim123');
    type('Passwort wiederholen', 'geheim123');
    await waitFor(() => expect(submit().disabled).toBe(false), { timeout: 2000 });
    fireEvent.click(submit());
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/registration-success'));
    expect(app.fetchMock.callsTo('/api/auth/register')[0]!.body).toMatchObject({
      registerShortcut: 'klavier-sonne-mond',
      memberId: MEMBER_ID,
      role_id: 1,
      institution_id: 3,
      duration: 60,
    });
    expect(app.router.state.location.state).toMatchObject({
      teacherName: 'Clara Schumann',
      institutionName: 'HMTM',
      className: 'Klavier Hauptfach',
      classDescription: 'Sommersemester',
    });
  });

  it('names the institution of the course, and leaves the line out when there is none', async () => {
    const { unmount } = renderApp({
      path: '/register/a-b-c',
      routes: baseRoutes([{ path: '/api/auth/validate-register-shortcut/a-b-c', reply: { body: SHORTCUT_INFO } }]),
    });
    expect(await screen.findByText('Klavier Hauptfach')).toBeTruthy();
    expect(screen.getByText('Institution')).toBeTruthy();
    expect(screen.getByText('HMTM')).toBeTruthy();
    unmount();
    renderApp({
      path: '/register/d-e-f',
      routes: baseRoutes([
        { path: '/api/auth/validate-register-shortcut/d-e-f', reply: { body: { ...SHORTCUT_INFO, institution_name: null, institution_id: null } } },
      ]),
    });
    expect(await screen.findByText('Klavier Hauptfach')).toBeTruthy();
    expect(screen.queryByText('Institution')).toBeNull();
    expect(screen.queryByText('Unbekannt')).toBeNull();
  });

  it("says 'Ungültiger Registrierungsshortcut.' for an unknown code", async () => {
    renderApp({
      path: '/register/nix-da-weg',
      routes: baseRoutes([{ path: '/api/auth/validate-register-shortcut/nix-da-weg', reply: { status: 404, body: { detail: 'Not found' } } }]),
    });
    expect(await screen.findByText('Ungültiger Registrierungsshortcut.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });

  it("says 'Fehler bei der Überprüfung des Registrierungsshortcuts.' when the check fails, and retries", async () => {
    let calls = 0;
    renderApp({
      path: '/register/a-b-c',
      routes: baseRoutes([{ path: '/api/auth/validate-register-shortcut/a-b-c', reply: () => (++calls === 1 ? { status: 503 } : { body: SHORTCUT_INFO }) }]),
    });
    expect(await screen.findByText('Fehler bei der Überprüfung des Registrierungsshortcuts.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText('Klavier Hauptfach')).toBeTruthy();
  });

  it("says 'Ungültige memberId.' when the member does not belong to the class", async () => {
    renderApp({
      path: `/register/a-b-c?memberId=${MEMBER_ID}`,
      routes: baseRoutes([
        { path: '/api/auth/validate-register-shortcut/a-b-c', reply: { body: SHORTCUT_INFO } },
        { path: '/api/auth/validate-member-id', reply: { body: { valid: false, name: null, email: null, duration: null } } },
      ]),
    });
    expect(await screen.findByText('Ungültige memberId.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });

  it('rejects a memberId that is no UUID v4 without asking the server', async () => {
    const app = renderApp({
      path: '/register/a-b-c&memberId=123',
      routes: baseRoutes([{ path: '/api/auth/validate-register-shortcut/a-b-c', reply: { body: SHORTCUT_INFO } }]),
    });
    expect(await screen.findAllByText('Die memberId muss eine gültige UUID sein.')).not.toHaveLength(0);
    expect(app.fetchMock.calls.some((c) => c.url.startsWith('/api/auth/validate-member-id'))).toBe(false);
  });
});
