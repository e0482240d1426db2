import '../../test/dom';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFetchMock } from '../../test/fetch-mock';
import { Providers, renderApp, TEACHER } from '../../test/render-app';
import type { MemberDto } from './classes-api';
import { ANNA, BEN, CLASS_A_ID, classesRoute, membersRoute, noLinksRoute, toastsOf } from './test-fixtures';
import { EditTimesDialog } from './times/EditTimesDialog';

const updateUrl = (m: MemberDto) => `/api/classes/${CLASS_A_ID}/members/${m.member_id}/update`;
const BIWEEKLY_BEN: MemberDto = { ...BEN, frequency: 'biweekly' };

async function openMembers(update: { status?: number; body: unknown }) {
  const app = renderApp({
    path: `/me/classes?selectClass=${CLASS_A_ID}`,
    user: TEACHER,
    routes: [{ method: 'PUT', path: /\/members\/[^/]+\/update$/, reply: update }, classesRoute(), membersRoute([ANNA, BIWEEKLY_BEN]), noLinksRoute],
  });
  await screen.findByTestId(`member-${ANNA.member_id}`);
  return app;
}

const frequencyOf = (m: MemberDto) => within(screen.getByTestId(`member-${m.member_id}`)).getByLabelText<HTMLSelectElement>(`Rhythmus von ${m.name}`);

describe('member frequency', () => {
  it("shows 'wöchentlich' or '14-täglich' per member and saves a change", async () => {
    const app = await openMembers({ body: { ...ANNA, frequency: 'biweekly' } });
    expect(frequencyOf(ANNA).value).toBe('weekly');
    expect([...frequencyOf(ANNA).options].map((o) => o.textContent)).toEqual(['wöchentlich', '14-täglich']);
    expect(frequencyOf(BIWEEKLY_BEN).value).toBe('biweekly');
    fireEvent.change(frequencyOf(ANNA), { target: { value: 'biweekly' } });
    await waitFor(() => expect(app.fetchMock.callsTo(updateUrl(ANNA), 'PUT')).toHaveLength(1));
    expect(app.fetchMock.callsTo(updateUrl(ANNA), 'PUT')[0]!.body).toEqual({ frequency: 'biweekly' });
    expect(frequencyOf(ANNA).value).toBe('biweekly');
  }, 15000);

  it('puts the old frequency back and says why when the server refuses', async () => {
    await openMembers({ status: 400, body: { detail: 'Ungültige Anfrage' } });
    fireEvent.change(frequencyOf(BIWEEKLY_BEN), { target: { value: 'weekly' } });
    await waitFor(() => expect(toastsOf('error')).toContain('Fehler beim Aktualisieren des Rhythmus: Ungültige Anfrage'));
    expect(frequencyOf(BIWEEKLY_BEN).value).toBe('biweekly');
  }, 15000);

  it('the times dialog shows the frequency and saves a changed one with the times', async () => {
    const fetchMock = installFetchMock([{ method: 'PUT', path: updateUrl(ANNA), reply: { body: { ...ANNA, frequency: 'biweekly' } } }]);
    render(
      <Providers>
        <EditTimesDialog open classId={CLASS_A_ID} member={ANNA} onClose={() => undefined} />
      </Providers>,
    );
    const select = screen.getByLabelText<HTMLSelectElement>('Rhythmus');
    expect(select.value).toBe('weekly');
    expect(screen.getByText('14-täglich: eine Stunde jede zweite Woche, in der A- oder der B-Woche des Semesters.')).toBeTruthy();
    fireEvent.change(select, { target: { value: 'biweekly' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(fetchMock.callsTo(updateUrl(ANNA), 'PUT')).toHaveLength(1));
    expect(fetchMock.callsTo(updateUrl(ANNA), 'PUT')[0]!.body).toEqual({
      available_times: ANNA.available_times,
      preferred_times: {},
      frequency: 'biweekly',
    });
  });
});
