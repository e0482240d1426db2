import '../../test/dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MockRoute } from '../../test/fetch-mock';
import { answerConfirm } from '../../test/confirm-dialog';
import type { MemberDto } from './classes-api';
import { MEMBERS_URL, openMembers, row, updateUrl } from './members-test-setup';
import { ANNA, BEN, CEM, CLASS_A_ID, toastsOf } from './test-fixtures';

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
      'Möchtest du Anna Berg mit dem registrierten Account anna.berg@web.de verknüpfen? Hat Anna Berg schon einen deiner Kurse verifiziert, werden die verfügbaren Zeiten des Accounts übernommen; sonst siehst du sie, sobald Anna Berg diesen Kurs verifiziert.',
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
