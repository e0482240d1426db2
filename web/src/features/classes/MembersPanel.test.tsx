import '../../test/dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, TEACHER } from '../../test/render-app';
import { edit, MEMBERS_URL, openMembers, row, updateUrl } from './members-test-setup';
import { ANNA, BEN, CEM, CLASS_A_ID, classesRoute, toastsOf } from './test-fixtures';

describe('member table', () => {
  it('shows the columns, inline fields only for unregistered members, totals and last change', async () => {
    await openMembers();
    const table = within(screen.getByRole('table', { name: 'Studierende in Klavier Hauptfach' }));
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['E-Mail', 'Name', 'Dauer', 'Verfügbare Zeit', 'Letzte Änderung', 'Aktionen']);
    expect((row(ANNA).getByLabelText('E-Mail von Anna Berg') as HTMLInputElement).value).toBe('anna.berg@web.de');
    expect((row(ANNA).getByLabelText('Name von Anna Berg') as HTMLInputElement).value).toBe('Anna Berg');
    expect(row(ANNA).getByText('1:30 Std.')).toBeTruthy();
    expect(row(ANNA).getByText('---').getAttribute('title')).toBe('Keine Änderung erfasst');

    expect(row(BEN).queryByLabelText('E-Mail von Ben Kurz')).toBeNull();
    // The address in two parts (it may break only before its @).
    expect(row(BEN).getByText((_, el) => el?.className === 'members__email' && el.textContent === 'ben.kurz@stud.hmtm.de')).toBeTruthy();
    expect(row(BEN).getByText('@stud.hmtm.de')).toBeTruthy();
    expect(row(BEN).getByText('2 Std.')).toBeTruthy();
    expect(row(BEN).getByText('gerade eben').getAttribute('title')).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);

    const duration = row(CEM).getByLabelText('Dauer von Cem Ay in Minuten') as HTMLInputElement;
    expect([duration.type, duration.min, duration.max, duration.step, duration.value]).toEqual(['number', '15', '120', '15', '60']);
    expect(row(CEM).getByText('min')).toBeTruthy();
  });

  it('offers the invitation only to unregistered members with an e-mail', async () => {
    await openMembers();
    expect(row(ANNA).getByRole('button', { name: 'Einladung senden' })).toBeTruthy();
    expect(row(BEN).queryByRole('button', { name: 'Einladung senden' })).toBeNull();
    expect(row(CEM).queryByRole('button', { name: 'Einladung senden' })).toBeNull();
  });

  it("shows 'Fehler beim Laden der Klassenmitglieder' when the members cannot be loaded", async () => {
    renderApp({
      path: `/me/classes?selectClass=${CLASS_A_ID}`,
      user: TEACHER,
      routes: [classesRoute(), { method: 'GET', path: MEMBERS_URL, reply: { status: 500 } }],
    });
    expect(await screen.findByText('Fehler beim Laden der Klassenmitglieder')).toBeTruthy();
  });

  it("reloads the members on a 'classStudentsUpdated' event for this class", async () => {
    const app = await openMembers();
    expect(app.fetchMock.callsTo(MEMBERS_URL)).toHaveLength(1);
    act(() => {
      window.dispatchEvent(new CustomEvent('classStudentsUpdated', { detail: { classId: 'other' } }));
    });
    act(() => {
      window.dispatchEvent(new CustomEvent('classStudentsUpdated', { detail: { classId: CLASS_A_ID } }));
    });
    await waitFor(() => expect(app.fetchMock.callsTo(MEMBERS_URL)).toHaveLength(2));
  });
});

describe('inline edits (optimistic, rolled back on failure)', () => {
  it('saves a new e-mail on blur, lower-cased', async () => {
    const app = await openMembers([{ method: 'PUT', path: updateUrl(ANNA), reply: { body: {} } }]);
    edit(row(ANNA).getByLabelText('E-Mail von Anna Berg'), ' Anna@Example.ORG ');
    await waitFor(() => expect(app.fetchMock.callsTo(updateUrl(ANNA), 'PUT')).toHaveLength(1));
    expect(app.fetchMock.callsTo(updateUrl(ANNA), 'PUT')[0]!.body).toEqual({ email: 'anna@example.org' });
    expect((row(ANNA).getByLabelText('E-Mail von Anna Berg') as HTMLInputElement).value).toBe('anna@example.org');
  });

  it('restores the old e-mail and names the field when the server refuses', async () => {
    const app = await openMembers([
      {
        method: 'PUT',
        path: updateUrl(ANNA),
        reply: { status: 409, body: { detail: 'Die E-Mail-Adresse ist in dieser Klasse bereits vorhanden' } },
      },
    ]);
    const input = row(ANNA).getByLabelText('E-Mail von Anna Berg') as HTMLInputElement;
    edit(input, 'ben.kurz@stud.hmtm.de');
    expect(input.value).toBe('ben.kurz@stud.hmtm.de');
    await waitFor(() =>
      expect(toastsOf('error')).toEqual(['Fehler beim Aktualisieren der E-Mail-Adresse: Die E-Mail-Adresse ist in dieser Klasse bereits vorhanden']),
    );
    await waitFor(() => expect((row(ANNA).getByLabelText('E-Mail von Anna Berg') as HTMLInputElement).value).toBe('anna.berg@web.de'));
    expect(app.fetchMock.callsTo(updateUrl(ANNA), 'PUT')).toHaveLength(1);
  });

  it('saves a name on Enter exactly once and rolls back with the name wording', async () => {
    const app = await openMembers([{ method: 'PUT', path: updateUrl(ANNA), reply: { status: 500, body: { detail: 'Serverfehler' } } }]);
    const input = row(ANNA).getByLabelText('Name von Anna Berg') as HTMLInputElement;
    input.focus();
    edit(input, 'Anna Maria Berg', 'enter');
    await waitFor(() => expect(toastsOf('error')).toEqual(['Fehler beim Aktualisieren des Namens: Serverfehler']));
    expect(app.fetchMock.callsTo(updateUrl(ANNA), 'PUT')).toHaveLength(1);
    expect(app.fetchMock.callsTo(updateUrl(ANNA), 'PUT')[0]!.body).toEqual({ name: 'Anna Maria Berg' });
    await waitFor(() => expect((row(ANNA).getByLabelText('Name von Anna Berg') as HTMLInputElement).value).toBe('Anna Berg'));
  });

  it('refuses an invalid name or e-mail locally and restores the old value', async () => {
    const app = await openMembers();
    const name = row(ANNA).getByLabelText('Name von Anna Berg') as HTMLInputElement;
    edit(name, 'A');
    expect(name.value).toBe('Anna Berg');
    const email = row(ANNA).getByLabelText('E-Mail von Anna Berg') as HTMLInputElement;
    edit(email, 'anna@@web.de');
    expect(email.value).toBe('anna.berg@web.de');
    edit(email, '');
    expect(toastsOf('error')).toEqual([
      'Name muss zwischen 2 und 50 Zeichen lang sein',
      'Bitte geben Sie eine gültige E-Mail-Adresse ein',
      'Bitte geben Sie eine E-Mail-Adresse ein',
    ]);
    expect(app.fetchMock.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('restores an invalid duration with the SPEC message and saves a valid one as a string', async () => {
    const app = await openMembers([{ method: 'PUT', path: updateUrl(CEM), reply: { body: {} } }]);
    const input = row(CEM).getByLabelText('Dauer von Cem Ay in Minuten') as HTMLInputElement;
    edit(input, '50');
    expect(input.value).toBe('60');
    expect(toastsOf('error')).toEqual(['Dauer muss zwischen 15 und 120 Minuten liegen (in 15 Min. Schritten)']);
    edit(input, '135');
    expect(input.value).toBe('60');
    expect(app.fetchMock.callsTo(updateUrl(CEM), 'PUT')).toHaveLength(0);

    edit(input, '45');
    await waitFor(() => expect(app.fetchMock.callsTo(updateUrl(CEM), 'PUT')).toHaveLength(1));
    expect(app.fetchMock.callsTo(updateUrl(CEM), 'PUT')[0]!.body).toEqual({ duration: '45' });
    expect(input.value).toBe('45');
  });

  it('rolls a duration back with the duration wording', async () => {
    await openMembers([{ method: 'PUT', path: updateUrl(CEM), reply: { status: 400, body: { detail: 'nicht erlaubt' } } }]);
    const input = row(CEM).getByLabelText('Dauer von Cem Ay in Minuten') as HTMLInputElement;
    edit(input, '90');
    await waitFor(() => expect(toastsOf('error')).toEqual(['Fehler beim Aktualisieren der Dauer: nicht erlaubt']));
    await waitFor(() => expect(input.value).toBe('60'));
  });
});

describe('edit-times button', () => {
  it("opens 'Verfügbare Zeiten bearbeiten für {name}' with the member's times", async () => {
    await openMembers();
    fireEvent.click(row(ANNA).getByRole('button', { name: 'Verfügbare Zeiten bearbeiten' }));
    const dialog = screen.getByRole('dialog', { name: 'Verfügbare Zeiten bearbeiten für Anna Berg' });
    expect((within(dialog).getByPlaceholderText('z.B. Mo 9-12, Di 14:00-16:30, Mi ab 10') as HTMLTextAreaElement).value).toBe('Mo 9:00-10:30');
  });
});
