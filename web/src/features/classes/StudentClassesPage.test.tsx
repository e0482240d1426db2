import '../../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockRoute } from '../../test/fetch-mock';
import { renderApp, STUDENT } from '../../test/render-app';
import { toastsOf } from './test-fixtures';

const VERIFIED = {
  duration: 45,
  member_id: 'm1',
  student_id: 's1',
  class_id: 'c1',
  classes: { name: 'Klavier Hauptfach', class_id: 'c1' },
  teacher_name: 'Clara Schumann',
  institution: 'HMTM',
};
const UNVERIFIED = { duration: 30, member_id: 'm2', student_id: null, class_id: 'c2', classes: null, teacher_name: null, institution: null };

const profile = (classes: unknown[]) => ({ name: 'Felix Müller', email: 'felix@stud.hmtm.de', role: 'student', duration: 45, classes });

function open(routes: MockRoute[], classes: unknown[] = [VERIFIED, UNVERIFIED]) {
  return renderApp({
    path: '/student/classes',
    user: STUDENT,
    routes: [...routes, { method: 'GET', path: '/api/profile', reply: { body: profile(classes) } }],
  });
}

const card = (memberId: string) => within(screen.getByTestId(`course-${memberId}`));

describe('StudentClassesPage: courses', () => {
  it("shows a card per course with 'Unbekannt' for missing data and the verification warning", async () => {
    open([]);
    expect(await screen.findByRole('heading', { name: 'Deine Kurse' })).toBeTruthy();
    await screen.findByTestId('course-m1');
    expect(card('m1').getByRole('heading', { name: 'Klavier Hauptfach' })).toBeTruthy();
    expect(card('m1').getByText('45 Min.')).toBeTruthy();
    expect(card('m1').getByText('Lehrkraft:')).toBeTruthy();
    expect(card('m1').getByText('Clara Schumann')).toBeTruthy();
    expect(card('m1').getByText('Institution:')).toBeTruthy();
    expect(card('m1').getByText('HMTM')).toBeTruthy();
    expect(card('m1').queryByText('⚠️ Dieser Kurs muss noch verifiziert werden')).toBeNull();
    expect(card('m1').getByRole('button', { name: 'Aus Kurs entfernen' })).toBeTruthy();

    expect(card('m2').getByRole('heading', { name: 'Unbekannt' })).toBeTruthy();
    expect(card('m2').getAllByText('Unbekannt')).toHaveLength(3);
    expect(card('m2').getByText('30 Min.')).toBeTruthy();
    expect(card('m2').getByText('⚠️ Dieser Kurs muss noch verifiziert werden')).toBeTruthy();
    expect(card('m2').getByRole('button', { name: 'Kurs verifizieren' })).toBeTruthy();
  });

  it('shows the deadline in German date format on the card, and whether times can still change', async () => {
    open(
      [],
      [
        { ...VERIFIED, deadline: '2999-12-24', allow_late_changes: false },
        { ...UNVERIFIED, deadline: '2001-02-03', allow_late_changes: false },
        { ...VERIFIED, member_id: 'm3', deadline: '2001-02-03', allow_late_changes: true },
        { ...VERIFIED, member_id: 'm4', deadline: null },
      ],
    );
    await screen.findByTestId('course-m1');
    expect(card('m1').getByTestId('course-deadline').textContent).toBe('Bitte trage deine Zeiten bis 24.12.2999 ein');
    expect(card('m2').getByTestId('course-deadline').textContent).toBe(
      'Die Frist ist am 03.02.2001 abgelaufen. Deine Zeiten kannst du nicht mehr ändern – bitte wende dich an deine Lehrkraft.',
    );
    expect(card('m3').getByTestId('course-deadline').textContent).toBe('Die Frist ist am 03.02.2001 abgelaufen. Du kannst deine Zeiten trotzdem noch ändern.');
    expect(card('m4').queryByTestId('course-deadline')).toBeNull();
  });

  it('links the calendar file of the own lessons', async () => {
    open([]);
    const link = (await screen.findByTestId('calendar-download')) as HTMLAnchorElement;
    expect(link.textContent).toBe('Kalender herunterladen (.ics)');
    expect(link.getAttribute('href')).toBe('/api/me/calendar.ics');
  });

  it('shows the empty state', async () => {
    open([], []);
    expect(await screen.findByText('Du bist noch keinem Kurs beigetreten.')).toBeTruthy();
    expect(screen.getByText('Verwende den Registrierungscode deiner Lehrkraft, um einem Kurs beizutreten.')).toBeTruthy();
  });

  it("says 'Fehler beim Laden der Profildaten' when the profile cannot be loaded", async () => {
    renderApp({ path: '/student/classes', user: STUDENT, routes: [{ method: 'GET', path: '/api/profile', reply: { status: 500 } }] });
    expect(await screen.findByText('Fehler beim Laden der Profildaten')).toBeTruthy();
  });

  it('verifies a course with class and member id and reloads', async () => {
    const app = open([{ method: 'POST', path: '/api/students/verify-class', reply: { body: { class_name: 'Gesang' } } }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Kurs verifizieren' }));
    await waitFor(() => expect(toastsOf('success')).toEqual(['Kurs "Gesang" erfolgreich verifiziert!']));
    expect(app.fetchMock.callsTo('/api/students/verify-class')[0]!.body).toEqual({ class_id: 'c2', member_id: 'm2' });
    await waitFor(() => expect(app.fetchMock.callsTo('/api/profile')).toHaveLength(2));
  });

  it("shows 'Fehler bei der Kursverifizierung' as toast and inline", async () => {
    open([{ method: 'POST', path: '/api/students/verify-class', reply: { status: 500 } }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Kurs verifizieren' }));
    await waitFor(() => expect(toastsOf('error')).toEqual(['Fehler bei der Kursverifizierung']));
    expect(card('m2').getByText('Fehler bei der Kursverifizierung')).toBeTruthy();
  });

  it('leaves a course only after confirmation in the styled dialog', async () => {
    const app = open([{ method: 'DELETE', path: '/api/students/leave-class/m1', reply: { body: { class_name: 'Klavier Hauptfach' } } }]);
    await screen.findByTestId('course-m1');
    fireEvent.click(card('m1').getByRole('button', { name: 'Aus Kurs entfernen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kurs verlassen?' });
    expect(dialog.textContent).toContain('Möchtest du dich wirklich aus dem Kurs „Klavier Hauptfach“ entfernen?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.fetchMock.callsTo('/api/students/leave-class/m1')).toHaveLength(0);
    fireEvent.click(card('m1').getByRole('button', { name: 'Aus Kurs entfernen' }));
    confirmLeave();
    await waitFor(() => expect(toastsOf('success')).toEqual(['Erfolgreich aus dem Kurs "Klavier Hauptfach" entfernt!']));
    expect(app.fetchMock.callsTo('/api/students/leave-class/m1', 'DELETE')).toHaveLength(1);
  });

  it("shows 'Fehler beim Entfernen aus dem Kurs' when leaving fails", async () => {
    open([{ method: 'DELETE', path: '/api/students/leave-class/m1', reply: { status: 500 } }]);
    await screen.findByTestId('course-m1');
    fireEvent.click(card('m1').getByRole('button', { name: 'Aus Kurs entfernen' }));
    confirmLeave();
    await waitFor(() => expect(toastsOf('error')).toEqual(['Fehler beim Entfernen aus dem Kurs']));
    expect(card('m1').getByText('Fehler beim Entfernen aus dem Kurs')).toBeTruthy();
  });
});

describe('StudentClassesPage: joining', () => {
  async function openForm(routes: MockRoute[] = []) {
    const app = open(routes);
    const section = await screen.findByRole('heading', { name: 'Neuem Kurs beitreten' });
    fireEvent.click(screen.getByRole('button', { name: 'Kurs beitreten' }));
    return { app, section };
  }

  it('opens the form with the code of the link (?code=, after the university sign-in of an existing account)', async () => {
    renderApp({
      path: '/student/classes?code=sonne-mond-stern',
      user: STUDENT,
      routes: [{ method: 'GET', path: '/api/profile', reply: { body: profile([]) } }],
    });
    const code = (await screen.findByLabelText('Registrierungscode')) as HTMLInputElement;
    expect(code.value).toBe('sonne-mond-stern');
  });

  it('reveals the form with the code input, duration 30 and the two buttons', async () => {
    await openForm();
    const code = screen.getByLabelText('Registrierungscode') as HTMLInputElement;
    // The form mounts on the click: its code field takes the focus.
    expect(document.activeElement).toBe(code);
    expect(code.placeholder).toBe('wort-wort-wort');
    const duration = screen.getByLabelText('Unterrichtsdauer') as HTMLSelectElement;
    expect(duration.value).toBe('30');
    expect([...duration.options].map((o) => o.value)).toEqual(['15', '30', '45', '60', '75', '90', '105', '120']);
    expect(screen.getByRole('button', { name: 'Kurs beitreten' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByLabelText('Registrierungscode')).toBeNull();
  });

  it('normalises the code while typing and checks it before sending', async () => {
    const { app } = await openForm();
    const code = screen.getByLabelText('Registrierungscode') as HTMLInputElement;
    fireEvent.change(code, { target: { value: 'Apfel 1-Birne' } });
    expect(code.value).toBe('apfel-birne');
    fireEvent.click(screen.getByRole('button', { name: 'Kurs beitreten' }));
    expect(screen.getByText('Ungültiges Format. Erwartet: wort-wort-wort')).toBeTruthy();
    fireEvent.change(code, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kurs beitreten' }));
    expect(screen.getByText('Bitte gib einen Registrierungscode ein')).toBeTruthy();
    expect(app.fetchMock.callsTo('/api/students/join-class')).toHaveLength(0);
  });

  it('joins with code and duration and reloads the courses', async () => {
    const { app } = await openForm([{ method: 'POST', path: '/api/students/join-class', reply: { body: { class_name: 'Gesang' } } }]);
    fireEvent.change(screen.getByLabelText('Registrierungscode'), { target: { value: 'Sonne-Mond-Stern' } });
    fireEvent.change(screen.getByLabelText('Unterrichtsdauer'), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kurs beitreten' }));
    await waitFor(() => expect(toastsOf('success')).toEqual(['Erfolgreich dem Kurs "Gesang" beigetreten!']));
    expect(app.fetchMock.callsTo('/api/students/join-class')[0]!.body).toEqual({ register_shortcut: 'sonne-mond-stern', duration: 60 });
    await waitFor(() => expect(app.fetchMock.callsTo('/api/profile')).toHaveLength(2));
    expect(screen.queryByLabelText('Registrierungscode')).toBeNull();
  });

  it('prefers the server detail, else says "Fehler beim Beitreten zum Kurs"', async () => {
    let reply: { status: number; body?: unknown } = { status: 404, body: { detail: 'Ungültiger Registrierungscode' } };
    await openForm([{ method: 'POST', path: '/api/students/join-class', reply: () => reply }]);
    fireEvent.change(screen.getByLabelText('Registrierungscode'), { target: { value: 'sonne-mond-stern' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kurs beitreten' }));
    await waitFor(() => expect(toastsOf('error')).toEqual(['Ungültiger Registrierungscode']));
    expect(screen.getAllByText('Ungültiger Registrierungscode').length).toBe(2);

    reply = { status: 500 };
    fireEvent.click(screen.getByRole('button', { name: 'Kurs beitreten' }));
    await waitFor(() => expect(toastsOf('error')).toContain('Fehler beim Beitreten zum Kurs'));
  });
});

function confirmLeave() {
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Kurs verlassen?' })).getByRole('button', { name: 'Aus Kurs entfernen' }));
}
