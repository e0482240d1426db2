import '../../test/dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MockRoute } from '../../test/fetch-mock';
import { MEMBERS_URL, openMembers } from './members-test-setup';
import { toastsOf } from './test-fixtures';

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
    // The row is emptied for the next student, weekly again; the duration stays (not back to the invalid 0).
    await waitFor(() => expect((addRow.getByLabelText('Name') as HTMLInputElement).value).toBe(''));
    expect(addRow.getByLabelText<HTMLSelectElement>('Rhythmus').value).toBe('weekly');
    expect((addRow.getByLabelText('Dauer in Minuten') as HTMLInputElement).value).toBe('45');
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
