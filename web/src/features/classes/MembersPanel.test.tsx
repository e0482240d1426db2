import '../../test/dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MockRoute } from '../../test/fetch-mock';
import { answerConfirm } from '../../test/confirm-dialog';
import { renderApp, TEACHER } from '../../test/render-app';
import type { MemberDto } from './classes-api';
import { ANNA, BEN, CEM, CLASS_A_ID, classesRoute, membersRoute, noLinksRoute, toastsOf } from './test-fixtures';

const MEMBERS_URL = `/api/classes/${CLASS_A_ID}/members`;
const updateUrl = (m: MemberDto) => `${MEMBERS_URL}/${m.member_id}/update`;

/** The class page with class A expanded (through ?selectClass). */
async function openMembers(extra: MockRoute[] = [], members: MemberDto[] = [ANNA, BEN, CEM]) {
  const app = renderApp({
    path: `/me/classes?selectClass=${CLASS_A_ID}`,
    user: TEACHER,
    routes: [...extra, classesRoute(), membersRoute(members), noLinksRoute],
  });
  await screen.findByTestId(`member-${members[0]!.member_id}`);
  return app;
}

const row = (m: MemberDto) => within(screen.getByTestId(`member-${m.member_id}`));

function edit(input: HTMLElement, value: string, how: 'blur' | 'enter' = 'blur') {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  if (how === 'enter') fireEvent.keyDown(input, { key: 'Enter' });
  else fireEvent.blur(input);
}

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

describe('member actions', () => {
  it('removes a member only after confirmation in the styled dialog', async () => {
    let members = [ANNA, BEN, CEM];
    const app = await openMembers([
      { method: 'GET', path: MEMBERS_URL, reply: () => ({ body: { members } }) },
      {
        method: 'DELETE',
        path: `${MEMBERS_URL}/${CEM.member_id}`,
        reply: () => {
          members = [ANNA, BEN];
          return { body: { message: 'ok' } };
        },
      },
    ]);
    fireEvent.click(row(CEM).getByRole('button', { name: 'Aus der Klasse entfernen' }));
    await answerConfirm('Mitglied entfernen?', 'Abbrechen', 'Möchtest du Cem Ay wirklich aus der Klasse entfernen?');
    expect(app.fetchMock.callsTo(`${MEMBERS_URL}/${CEM.member_id}`, 'DELETE')).toHaveLength(0);
    expect(screen.getByTestId(`member-${CEM.member_id}`)).toBeTruthy();
    fireEvent.click(row(CEM).getByRole('button', { name: 'Aus der Klasse entfernen' }));
    await answerConfirm('Mitglied entfernen?', 'Entfernen');
    await waitFor(() => expect(toastsOf('success')).toEqual(['Studierender erfolgreich aus der Klasse entfernt']));
    await waitFor(() => expect(screen.queryByTestId(`member-${CEM.member_id}`)).toBeNull());
    await waitFor(() => expect(app.fetchMock.callsTo(MEMBERS_URL, 'GET')).toHaveLength(2));
    expect(screen.queryByTestId(`member-${CEM.member_id}`)).toBeNull();
    expect(app.fetchMock.callsTo(`${MEMBERS_URL}/${CEM.member_id}`, 'DELETE')).toHaveLength(1);
  });

  it("says 'Fehler beim Entfernen des Studierenden' when removing fails", async () => {
    await openMembers([{ method: 'DELETE', path: `${MEMBERS_URL}/${CEM.member_id}`, reply: { status: 500 } }]);
    fireEvent.click(row(CEM).getByRole('button', { name: 'Aus der Klasse entfernen' }));
    await answerConfirm('Mitglied entfernen?', 'Entfernen');
    await waitFor(() => expect(toastsOf('error')).toEqual(['Fehler beim Entfernen des Studierenden']));
    expect(screen.getByTestId(`member-${CEM.member_id}`)).toBeTruthy();
  });

  it('sends an invitation only after confirmation in the styled dialog', async () => {
    const app = await openMembers([{ method: 'POST', path: `/api/classes/${CLASS_A_ID}/invite-student`, reply: { body: { message: 'ok' } } }]);
    fireEvent.click(row(ANNA).getByRole('button', { name: 'Einladung senden' }));
    await answerConfirm('Einladung senden?', 'Abbrechen', 'Möchtest du Anna Berg eine Einladung an anna.berg@web.de senden?');
    expect(app.fetchMock.callsTo(`/api/classes/${CLASS_A_ID}/invite-student`)).toHaveLength(0);
    fireEvent.click(row(ANNA).getByRole('button', { name: 'Einladung senden' }));
    await answerConfirm('Einladung senden?', 'Einladen');
    await waitFor(() => expect(toastsOf('success')).toEqual(['Einladung an anna.berg@web.de erfolgreich gesendet']));
    expect(app.fetchMock.callsTo(`/api/classes/${CLASS_A_ID}/invite-student`)[0]!.body).toEqual({
      member_id: ANNA.member_id,
      email: 'anna.berg@web.de',
      name: 'Anna Berg',
      class_name: 'Klavier Hauptfach',
      register_shortcut: 'apfel-birne-kirsche',
    });
  });

  it('shows the server detail when the invitation fails', async () => {
    await openMembers([
      { method: 'POST', path: `/api/classes/${CLASS_A_ID}/invite-student`, reply: { status: 400, body: { detail: 'Mailserver nicht erreichbar' } } },
    ]);
    fireEvent.click(row(ANNA).getByRole('button', { name: 'Einladung senden' }));
    await answerConfirm('Einladung senden?', 'Einladen');
    await waitFor(() => expect(toastsOf('error')).toEqual(['Fehler beim Senden der Einladung: Mailserver nicht erreichbar']));
  });
});

describe('linking a member to a registered student', () => {
  const match: MockRoute = {
    method: 'POST',
    path: '/api/check-student-exists',
    reply: { body: { existing_students: { 'anna.berg@web.de': { user_id: 'u-anna', name: 'Anna Berg', available_times: { '2': ['10.00', '10.15'] } } } } },
  };

  it('asks about the unregistered e-mails, announces the match and offers the link only there', async () => {
    const app = await openMembers([match]);
    await waitFor(() => expect(toastsOf('info')).toEqual(['Es wurde ein registrierter Student gefunden, der verknüpft werden kann.']));
    expect(app.fetchMock.callsTo('/api/check-student-exists')[0]!.body).toEqual(['anna.berg@web.de']);
    expect(row(ANNA).getByRole('button', { name: 'Mit registriertem Account verknüpfen' })).toBeTruthy();
    expect(row(BEN).queryByRole('button', { name: 'Mit registriertem Account verknüpfen' })).toBeNull();
    expect(row(CEM).queryByRole('button', { name: 'Mit registriertem Account verknüpfen' })).toBeNull();
  });

  it('counts several matches in the info toast', async () => {
    const dora: MemberDto = { ...CEM, member_id: 'd0000000-0000-4000-8000-000000000004', name: 'Dora Lang', email: 'dora@web.de' };
    await openMembers(
      [
        {
          method: 'POST',
          path: '/api/check-student-exists',
          reply: {
            body: { existing_students: { 'anna.berg@web.de': { user_id: 'u1', available_times: {} }, 'dora@web.de': { user_id: 'u2', available_times: {} } } },
          },
        },
      ],
      [ANNA, BEN, dora],
    );
    await waitFor(() => expect(toastsOf('info')).toEqual(['Es wurden 2 registrierte Studenten gefunden, die verknüpft werden können.']));
  });

  it('offers no link when no registered student matches', async () => {
    const app = await openMembers();
    await waitFor(() => expect(app.fetchMock.callsTo('/api/check-student-exists')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Mit registriertem Account verknüpfen' })).toBeNull();
    expect(toastsOf('info')).toEqual([]);
  });

  it('links after confirmation with the user id and the times of the account', async () => {
    const app = await openMembers([match, { method: 'PUT', path: updateUrl(ANNA), reply: { body: {} } }]);
    fireEvent.click(await row(ANNA).findByRole('button', { name: 'Mit registriertem Account verknüpfen' }));
    await answerConfirm(
      'Account verknüpfen?',
      'Abbrechen',
      'Möchtest du Anna Berg mit dem registrierten Account anna.berg@web.de verknüpfen? Die verfügbaren Zeiten des Accounts werden übernommen.',
    );
    expect(app.fetchMock.callsTo(updateUrl(ANNA), 'PUT')).toHaveLength(0);
    fireEvent.click(row(ANNA).getByRole('button', { name: 'Mit registriertem Account verknüpfen' }));
    await answerConfirm('Account verknüpfen?', 'Verknüpfen');
    await waitFor(() => expect(toastsOf('success')).toEqual(['Student erfolgreich verknüpft']));
    expect(app.fetchMock.callsTo(updateUrl(ANNA), 'PUT')[0]!.body).toEqual({ user_id: 'u-anna', available_times: { '2': ['10.00', '10.15'] } });
    await waitFor(() => expect(app.fetchMock.callsTo(MEMBERS_URL)).toHaveLength(2));
  });

  it("shows 'Fehler beim Verknüpfen: {detail}'", async () => {
    await openMembers([match, { method: 'PUT', path: updateUrl(ANNA), reply: { status: 400, body: { detail: 'Kein registrierter Student' } } }]);
    fireEvent.click(await row(ANNA).findByRole('button', { name: 'Mit registriertem Account verknüpfen' }));
    await answerConfirm('Account verknüpfen?', 'Verknüpfen');
    await waitFor(() => expect(toastsOf('error')).toEqual(['Fehler beim Verknüpfen: Kein registrierter Student']));
  });
});

describe("'E-Mails kopieren'", () => {
  it("puts the members' e-mails joined by '; ' on the clipboard", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await openMembers();
    fireEvent.click(screen.getByRole('button', { name: 'E-Mails kopieren' }));
    await waitFor(() => expect(toastsOf('success')).toEqual(['2 E-Mail-Adresse(n) in die Zwischenablage kopiert']));
    expect(writeText).toHaveBeenCalledWith('anna.berg@web.de; ben.kurz@stud.hmtm.de');
  });

  it('says when there is nothing to copy', async () => {
    const writeText = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await openMembers([], [CEM]);
    fireEvent.click(screen.getByRole('button', { name: 'E-Mails kopieren' }));
    expect(toastsOf('info')).toEqual(['Keine E-Mail-Adressen zum Kopieren vorhanden']);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('reports a clipboard failure', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } });
    await openMembers();
    fireEvent.click(screen.getByRole('button', { name: 'E-Mails kopieren' }));
    await waitFor(() => expect(toastsOf('error')).toEqual(['Fehler beim Kopieren in die Zwischenablage']));
  });
});

describe("'Student*in hinzufügen'", () => {
  const SEARCH_HIT = { user_id: 'u-dora', name: 'Dora Lang', email: 'dora.lang@stud.hmtm.de', duration: 90 };

  async function openAddRow(extra: MockRoute[] = []) {
    const app = await openMembers(extra);
    fireEvent.click(screen.getByRole('button', { name: 'Student*in hinzufügen' }));
    const addRow = within(screen.getByTestId('add-member-row'));
    return { app, addRow };
  }

  it('starts with duration 0, which is invalid until changed, and validates name and e-mail', async () => {
    const { app, addRow } = await openAddRow();
    expect((addRow.getByLabelText('Dauer in Minuten') as HTMLInputElement).value).toBe('0');
    fireEvent.click(addRow.getByRole('button', { name: 'Hinzufügen' }));
    expect(addRow.getByText('Bitte geben Sie einen Namen ein')).toBeTruthy();
    expect(addRow.getByText('Dauer muss zwischen 15 und 120 Minuten liegen (in 15 Min. Schritten)')).toBeTruthy();
    fireEvent.change(addRow.getByLabelText('Name'), { target: { value: 'X' } });
    fireEvent.change(addRow.getByLabelText('E-Mail oder Name suchen'), { target: { value: 'x@y' } });
    fireEvent.click(addRow.getByRole('button', { name: 'Hinzufügen' }));
    expect(addRow.getByText('Bitte geben Sie einen Namen zwischen 2 und 50 Zeichen lang ein')).toBeTruthy();
    expect(addRow.getByText('E-Mail-Adresse muss zwischen 5 und 50 Zeichen lang sein')).toBeTruthy();
    expect(app.fetchMock.calls.filter((c) => c.method === 'POST' && c.url.includes('/members'))).toHaveLength(0);
  });

  it('searches 500 ms after the last keystroke, only with a valid query, sending the local part', async () => {
    const { app, addRow } = await openAddRow([{ method: 'POST', path: '/api/search-students', reply: { body: { students: [SEARCH_HIT] } } }]);
    vi.useFakeTimers();
    const tick = (ms: number) =>
      act(async () => {
        await vi.advanceTimersByTimeAsync(ms);
      });
    const input = addRow.getByLabelText('E-Mail oder Name suchen');
    fireEvent.change(input, { target: { value: 'Dora' } });
    await tick(600);
    expect(addRow.getByText('Suchstring muss zwischen 5 und 50 Zeichen lang sein')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'dora@x' } });
    await tick(600);
    expect(addRow.getByText('Ungültige E-Mail-Adresse')).toBeTruthy();
    expect(app.fetchMock.callsTo('/api/search-students')).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'Dora.L' } });
    await tick(300);
    fireEvent.change(input, { target: { value: 'Dora.Lang@stud.hmtm.de' } });
    await tick(499);
    expect(app.fetchMock.callsTo('/api/search-students')).toHaveLength(0);
    await tick(1);
    expect(app.fetchMock.callsTo('/api/search-students')).toHaveLength(1);
    expect(app.fetchMock.callsTo('/api/search-students')[0]!.body).toEqual({ query_string: 'dora.lang' });
    await tick(10);
    expect(addRow.getByRole('button', { name: /Dora Lang/ })).toBeTruthy();

    // An entry that matches a listed result is not searched again.
    fireEvent.change(input, { target: { value: 'dora.lang@stud.hmtm.de' } });
    await tick(600);
    expect(app.fetchMock.callsTo('/api/search-students')).toHaveLength(1);
  });

  it("says 'Keine Studenten gefunden' for an empty result", async () => {
    const { addRow } = await openAddRow([{ method: 'POST', path: '/api/search-students', reply: { body: { students: [] } } }]);
    fireEvent.change(addRow.getByLabelText('E-Mail oder Name suchen'), { target: { value: 'niemand' } });
    expect(await addRow.findByText('Keine Studenten gefunden', undefined, { timeout: 2000 })).toBeTruthy();
  });

  it('adds a picked registered student through POST members', async () => {
    const { app, addRow } = await openAddRow([
      { method: 'POST', path: '/api/search-students', reply: { body: { students: [SEARCH_HIT] } } },
      { method: 'POST', path: MEMBERS_URL, reply: { status: 201, body: { message: '1 Studierende*r erfolgreich hinzugefügt' } } },
    ]);
    fireEvent.change(addRow.getByLabelText('E-Mail oder Name suchen'), { target: { value: 'dora lang' } });
    fireEvent.click(await addRow.findByRole('button', { name: /Dora Lang/ }, { timeout: 2000 }));
    expect((addRow.getByLabelText('Name') as HTMLInputElement).value).toBe('Dora Lang');
    expect((addRow.getByLabelText('Dauer in Minuten') as HTMLInputElement).value).toBe('90');
    fireEvent.click(addRow.getByRole('button', { name: 'Hinzufügen' }));
    await waitFor(() => expect(app.fetchMock.callsTo(MEMBERS_URL, 'POST')).toHaveLength(1));
    expect(app.fetchMock.callsTo(MEMBERS_URL, 'POST')[0]!.body).toEqual({ students: [{ student_id: 'u-dora', duration: 90, frequency: 'weekly' }] });
    await waitFor(() => expect(toastsOf('success')).toEqual(['1 Studierende*r erfolgreich hinzugefügt']));
    await waitFor(() => expect(app.fetchMock.callsTo(MEMBERS_URL, 'GET')).toHaveLength(2));
  });

  it('adds an unregistered student through POST members/new', async () => {
    const { app, addRow } = await openAddRow([
      { method: 'POST', path: '/api/search-students', reply: { body: { students: [] } } },
      { method: 'POST', path: `${MEMBERS_URL}/new`, reply: { status: 201, body: { message: '1 Studierende*r erfolgreich hinzugefügt' } } },
    ]);
    fireEvent.change(addRow.getByLabelText('E-Mail oder Name suchen'), { target: { value: 'Eva.Neu@Web.de' } });
    fireEvent.change(addRow.getByLabelText('Name'), { target: { value: ' Eva Neu ' } });
    fireEvent.change(addRow.getByLabelText('Dauer in Minuten'), { target: { value: '45' } });
    const frequency = addRow.getByLabelText<HTMLSelectElement>('Rhythmus');
    expect(frequency.value).toBe('weekly');
    fireEvent.change(frequency, { target: { value: 'biweekly' } });
    fireEvent.click(addRow.getByRole('button', { name: 'Hinzufügen' }));
    await waitFor(() => expect(app.fetchMock.callsTo(`${MEMBERS_URL}/new`, 'POST')).toHaveLength(1));
    expect(app.fetchMock.callsTo(`${MEMBERS_URL}/new`, 'POST')[0]!.body).toEqual({
      students: [{ name: 'Eva Neu', duration: 45, email: 'eva.neu@web.de', frequency: 'biweekly' }],
    });
    // The row is emptied for the next student, weekly again.
    await waitFor(() => expect((addRow.getByLabelText('Name') as HTMLInputElement).value).toBe(''));
    expect(addRow.getByLabelText<HTMLSelectElement>('Rhythmus').value).toBe('weekly');
  });

  it("shows 'Maximal 99 Studierenden pro Klasse/Kurs' for the member limit", async () => {
    const { addRow } = await openAddRow([
      { method: 'POST', path: `${MEMBERS_URL}/new`, reply: { status: 400, body: { detail: 'Maximal 99 Studierenden pro Klasse/Kurs' } } },
    ]);
    fireEvent.change(addRow.getByLabelText('Name'), { target: { value: 'Eva Neu' } });
    fireEvent.change(addRow.getByLabelText('Dauer in Minuten'), { target: { value: '30' } });
    fireEvent.click(addRow.getByRole('button', { name: 'Hinzufügen' }));
    await waitFor(() => expect(toastsOf('error')).toEqual(['Maximal 99 Studierenden pro Klasse/Kurs']));
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
