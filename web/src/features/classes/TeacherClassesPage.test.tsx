import '../../test/dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MockRoute } from '../../test/fetch-mock';
import { answerConfirm } from '../../test/confirm-dialog';
import { renderApp, TEACHER } from '../../test/render-app';
import { CLASS_A, CLASS_A_ID, CLASS_B, CLASS_B_ID, classesRoute, membersRoute, noLinksRoute, toastsOf, UNKNOWN_ID } from './test-fixtures';

/** Runs fake timers (and the promises they release) forward by `ms`. */
async function tick(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function open(routes: MockRoute[], path = '/me/classes') {
  return renderApp({ path, user: TEACHER, routes });
}

const classRow = (id: string) => screen.getByTestId(`class-row-${id}`);

describe('TeacherClassesPage: list', () => {
  it('shows 4 shimmer rows while loading and the patience note after 5 s', async () => {
    vi.useFakeTimers();
    open([{ method: 'GET', path: '/api/me/classes', reply: { hang: true } }]);
    await tick(10);
    expect(screen.getAllByTestId('shimmer-row')).toHaveLength(4);
    expect(screen.getByRole('columnheader', { name: 'Klasse/Kurs' })).toBeTruthy();
    await tick(4900);
    expect(screen.queryByText('Das Laden dauert länger als gewöhnlich... Wir bitten um einen Moment Geduld.')).toBeNull();
    await tick(200);
    expect(screen.getByText('Das Laden dauert länger als gewöhnlich... Wir bitten um einen Moment Geduld.')).toBeTruthy();
  });

  it("replaces the page with 'Fehler beim Laden der Klassen' on a load failure", async () => {
    open([{ method: 'GET', path: '/api/me/classes', reply: { status: 500, body: { detail: 'kaputt' } } }]);
    expect(await screen.findByText('Fehler beim Laden der Klassen')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });

  it('shows the empty state with the create button', async () => {
    open([classesRoute([])]);
    expect(await screen.findByText('Noch keine Klassen oder Kurse angelegt')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Neue Klasse/Kurs anlegen' })).toHaveLength(1);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("shows name, code, description or '---' and the member count or '...'", async () => {
    open([classesRoute()]);
    await screen.findByText('Klavier Hauptfach');
    const a = within(classRow(CLASS_A_ID));
    expect(a.getByText('apfel-birne-kirsche')).toBeTruthy();
    expect(a.getByText('Sommersemester')).toBeTruthy();
    expect(a.getByText('3')).toBeTruthy();
    const b = within(classRow(CLASS_B_ID));
    expect(b.getByText('Gesang')).toBeTruthy();
    expect(b.getByText('---')).toBeTruthy();
    expect(b.getByText('...')).toBeTruthy();
    for (const name of ['Klasse/Kurs', 'Beschreibung', 'Anzahl Studierende']) expect(screen.getByRole('columnheader', { name })).toBeTruthy();
  });

  it('expands a row on click, loading its members, and collapses it again', async () => {
    const app = open([classesRoute(), membersRoute(), noLinksRoute]);
    await screen.findByText('Klavier Hauptfach');
    fireEvent.click(classRow(CLASS_A_ID));
    expect(await screen.findByText('Ben Kurz')).toBeTruthy();
    expect(app.fetchMock.callsTo(`/api/classes/${CLASS_A_ID}/members`)).toHaveLength(1);
    expect(screen.getByRole('button', { name: /Klavier Hauptfach/, expanded: true })).toBeTruthy();
    fireEvent.click(classRow(CLASS_A_ID));
    expect(screen.queryByText('Ben Kurz')).toBeNull();
    expect(screen.getByRole('button', { name: /Klavier Hauptfach/, expanded: false })).toBeTruthy();
  });

  it("reloads the list on a 'classesUpdated' window event", async () => {
    const app = open([classesRoute()]);
    await screen.findByText('Klavier Hauptfach');
    expect(app.fetchMock.callsTo('/api/me/classes')).toHaveLength(1);
    act(() => {
      window.dispatchEvent(new Event('classesUpdated'));
    });
    await waitFor(() => expect(app.fetchMock.callsTo('/api/me/classes')).toHaveLength(2));
  });
});

describe('TeacherClassesPage: ?selectClass', () => {
  it('expands the selected class and removes the parameter', async () => {
    const app = open([classesRoute(), membersRoute(), noLinksRoute], `/me/classes?selectClass=${CLASS_A_ID}`);
    expect(await screen.findByText('Ben Kurz')).toBeTruthy();
    await waitFor(() => expect(app.router.state.location.search).toBe(''));
    expect(app.router.state.location.pathname).toBe('/me/classes');
  });

  it('removes an invalid value without expanding anything', async () => {
    const app = open([classesRoute()], '/me/classes?selectClass=klavier&x=1');
    await screen.findByText('Klavier Hauptfach');
    await waitFor(() => expect(app.router.state.location.search).toBe('?x=1'));
    expect(app.fetchMock.calls.some((c) => c.url.includes('/members'))).toBe(false);
  });

  it('removes an unknown class id without expanding anything', async () => {
    const app = open([classesRoute()], `/me/classes?selectClass=${UNKNOWN_ID}`);
    await screen.findByText('Klavier Hauptfach');
    await waitFor(() => expect(app.router.state.location.search).toBe(''));
    expect(app.fetchMock.calls.some((c) => c.url.includes('/members'))).toBe(false);
    expect(screen.getAllByRole('button', { name: /^(Klavier Hauptfach|Gesang)$/, expanded: false })).toHaveLength(2);
  });
});

describe('TeacherClassesPage: create', () => {
  const shortcutRoute: MockRoute = { method: 'GET', path: '/api/generate-register-shortcut', reply: { body: { register_shortcut: 'sonne-mond-stern' } } };

  async function fillCreateDialog(name: string) {
    fireEvent.click(await screen.findByRole('button', { name: 'Neue Klasse/Kurs anlegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neue Klasse/Kurs anlegen' });
    await within(dialog).findByText('sonne-mond-stern');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: name } });
    return dialog;
  }

  it('requires a name and warns about group lessons', async () => {
    const app = open([classesRoute([]), shortcutRoute]);
    const dialog = await fillCreateDialog('   ');
    fireEvent.click(within(dialog).getByLabelText('Gruppenunterricht'));
    expect(within(dialog).getByText('Gruppenunterricht ist noch nicht implementiert')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    expect(within(dialog).getByText('Bitte gib einen Namen für den Kurs/die Klasse ein')).toBeTruthy();
    expect(app.fetchMock.callsTo('/api/classes', 'POST')).toHaveLength(0);
  });

  it("shows the class as '(wird gespeichert...)' while the server works", async () => {
    const app = open([classesRoute([]), shortcutRoute, { method: 'POST', path: '/api/classes', reply: { hang: true } }]);
    const dialog = await fillCreateDialog(' Violine ');
    fireEvent.change(within(dialog).getByLabelText('Beschreibung (optional)'), { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    expect(await screen.findByText('(wird gespeichert...)')).toBeTruthy();
    expect(screen.getByText('Violine')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(app.fetchMock.callsTo('/api/classes', 'POST')[0]!.body).toEqual({
      name: 'Violine',
      description: null,
      is_group: false,
      register_shortcut: 'sonne-mond-stern',
    });
  });

  it('adds the created class and re-fetches the list 1000 ms later', async () => {
    const created = { ...CLASS_B, class_id: '11111111-2222-4333-8444-555555555555', name: 'Violine', register_shortcut: 'sonne-mond-stern', member_count: 0 };
    const app = open([classesRoute([CLASS_A]), shortcutRoute, { method: 'POST', path: '/api/classes', reply: { status: 201, body: created } }]);
    const dialog = await fillCreateDialog('Violine');
    vi.useFakeTimers();
    const before = app.fetchMock.callsTo('/api/me/classes').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    await tick(0);
    expect(screen.queryByText('(wird gespeichert...)')).toBeNull();
    expect(screen.getByText('Violine')).toBeTruthy();
    expect(screen.getByText('sonne-mond-stern')).toBeTruthy();
    await tick(990);
    expect(app.fetchMock.callsTo('/api/me/classes')).toHaveLength(before);
    await tick(20);
    expect(app.fetchMock.callsTo('/api/me/classes')).toHaveLength(before + 1);
  });

  it("marks a failed creation '(Speichern fehlgeschlagen)' with the sync message and the 20-class text", async () => {
    open([
      classesRoute([CLASS_A]),
      shortcutRoute,
      { method: 'POST', path: '/api/classes', reply: { status: 400, body: { detail: 'Maximale Anzahl von Kursen erreicht (20)' } } },
    ]);
    const dialog = await fillCreateDialog('Violine');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    expect(await screen.findByText('(Speichern fehlgeschlagen)')).toBeTruthy();
    expect(screen.getByText('Synchronisierung mit dem Server fehlgeschlagen. Bitte lade die Seite neu.')).toBeTruthy();
    expect(toastsOf('error')).toEqual(['Maximale Anzahl von Kursen erreicht (20)']);
    // The failed row survives the re-fetch and can be discarded.
    fireEvent.click(screen.getByRole('button', { name: 'Verwerfen' }));
    expect(screen.queryByText('Violine')).toBeNull();
  });

  it("says 'Fehler beim Erstellen der Klasse' for other failures", async () => {
    open([classesRoute([CLASS_A]), shortcutRoute, { method: 'POST', path: '/api/classes', reply: { status: 500, body: { detail: 'Datenbank weg' } } }]);
    const dialog = await fillCreateDialog('Violine');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    await screen.findByText('(Speichern fehlgeschlagen)');
    expect(toastsOf('error')).toEqual(['Fehler beim Erstellen der Klasse']);
  });
});

describe('TeacherClassesPage: edit and delete', () => {
  it('edits name and description, shows the read-only code and re-fetches 500 ms later', async () => {
    const app = open([
      classesRoute(),
      { method: 'PUT', path: `/api/classes/${CLASS_A_ID}`, reply: (call) => ({ body: { ...CLASS_A, ...(call.body as object) } }) },
    ]);
    await screen.findByText('Klavier Hauptfach');
    fireEvent.click(screen.getByRole('button', { name: 'Klavier Hauptfach bearbeiten' }));
    const dialog = screen.getByRole('dialog', { name: 'Klasse/Kurs bearbeiten' });
    const code = within(dialog).getByLabelText('Registrierungscode') as HTMLInputElement;
    expect(code.value).toBe('apfel-birne-kirsche');
    expect(code.readOnly).toBe(true);
    expect(within(dialog).getByText(/kann nicht nachträglich geändert werden/)).toBeTruthy();
    expect(within(dialog).getByText('Dieser Name ist auch für deine Studierenden sichtbar.')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Änderungen speichern' }));
    expect(within(dialog).getByText('Bitte gib einen Namen für den Kurs/die Klasse ein')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Klavier Nebenfach' } });
    fireEvent.change(within(dialog).getByLabelText('Beschreibung (optional)'), { target: { value: '' } });
    vi.useFakeTimers();
    const before = app.fetchMock.callsTo('/api/me/classes').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Änderungen speichern' }));
    await tick(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(app.fetchMock.callsTo(`/api/classes/${CLASS_A_ID}`, 'PUT')[0]!.body).toEqual({ name: 'Klavier Nebenfach', description: null });
    expect(toastsOf('success')).toEqual(['Klasse erfolgreich aktualisiert']);
    expect(within(classRow(CLASS_A_ID)).getByText('Klavier Nebenfach')).toBeTruthy();
    await tick(490);
    expect(app.fetchMock.callsTo('/api/me/classes')).toHaveLength(before);
    await tick(20);
    expect(app.fetchMock.callsTo('/api/me/classes')).toHaveLength(before + 1);
  });

  it("says 'Fehler beim Aktualisieren der Klasse' when saving fails", async () => {
    open([classesRoute(), { method: 'PUT', path: `/api/classes/${CLASS_A_ID}`, reply: { status: 500 } }]);
    await screen.findByText('Klavier Hauptfach');
    fireEvent.click(screen.getByRole('button', { name: 'Klavier Hauptfach bearbeiten' }));
    fireEvent.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    const dialog = screen.getByRole('dialog', { name: 'Klasse/Kurs bearbeiten' });
    expect(await within(dialog).findByText('Fehler beim Aktualisieren der Klasse')).toBeTruthy();
    expect(toastsOf('error')).toEqual(['Fehler beim Aktualisieren der Klasse']);
  });

  it('deletes only after confirmation in the styled dialog', async () => {
    const app = open([classesRoute(), { method: 'DELETE', path: `/api/classes/${CLASS_A_ID}`, reply: { body: { message: 'ok' } } }]);
    await screen.findByText('Klavier Hauptfach');
    fireEvent.click(screen.getByRole('button', { name: 'Klavier Hauptfach löschen' }));
    await answerConfirm(
      'Klasse löschen?',
      'Abbrechen',
      'Möchtest du die Klasse/den Kurs „Klavier Hauptfach“ wirklich löschen? Alle Studierenden und Stundenpläne dieser Klasse werden ebenfalls gelöscht.',
    );
    expect(app.fetchMock.callsTo(`/api/classes/${CLASS_A_ID}`, 'DELETE')).toHaveLength(0);
    expect(screen.getByText('Klavier Hauptfach')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Klavier Hauptfach löschen' }));
    await answerConfirm('Klasse löschen?', 'Löschen');
    await waitFor(() => expect(screen.queryByText('Klavier Hauptfach')).toBeNull());
    expect(app.fetchMock.callsTo(`/api/classes/${CLASS_A_ID}`, 'DELETE')).toHaveLength(1);
    expect(toastsOf('success')).toEqual(['Klasse erfolgreich gelöscht']);
  });

  it("says 'Fehler beim Löschen der Klasse' when deleting fails", async () => {
    open([classesRoute(), { method: 'DELETE', path: `/api/classes/${CLASS_A_ID}`, reply: { status: 500 } }]);
    await screen.findByText('Klavier Hauptfach');
    fireEvent.click(screen.getByRole('button', { name: 'Klavier Hauptfach löschen' }));
    await answerConfirm('Klasse löschen?', 'Löschen');
    await waitFor(() => expect(toastsOf('error')).toEqual(['Fehler beim Löschen der Klasse']));
    expect(screen.getByText('Klavier Hauptfach')).toBeTruthy();
  });
});
