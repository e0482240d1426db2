import '../../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockRoute } from '../../test/fetch-mock';
import { getToasts } from '../../shared/toast/toast-store';
import { openMembers, row } from './members-test-setup';
import { ANNA, BEN, CEM, CLASS_A_ID } from './test-fixtures';

const SCHOOL_URL = `/api/classes/${CLASS_A_ID}/school`;
const S = '/api/schools/sch1';
const SITES = [
  { id: 'site1', name: 'Hauptstelle', address: '' },
  { id: 'site2', name: 'Partnerschule Nord', address: '' },
];
const EQUIPMENT = [
  { tag: 'grand_piano', label: 'Flügel', own: false },
  { tag: 'piano', label: 'Flügel oder Klavier', own: false },
  { tag: 'drums', label: 'Schlagzeug', own: false },
  { tag: 'Tanzboden', label: 'Tanzboden', own: true },
];

function schoolRoutes(settings: { school_id: string | null; sites: string[]; needs: string[] }, extra: MockRoute[] = []): MockRoute[] {
  return [
    ...extra,
    { path: '/api/schools/mine', reply: { body: { schools: [{ id: 'sch1', name: 'Musikschule Vogelsang', role: 'teacher' }] } } },
    { method: 'GET', path: SCHOOL_URL, reply: { body: settings } },
    { method: 'GET', path: `${S}/sites`, reply: { body: { sites: SITES } } },
    { method: 'GET', path: `${S}/equipment`, reply: { body: { equipment: EQUIPMENT } } },
  ];
}

async function openPanel() {
  const panel = await screen.findByTestId(`school-${CLASS_A_ID}`);
  fireEvent.click(within(panel).getByText('Schule und Räume'));
  (panel as HTMLDetailsElement).open = true;
  fireEvent(panel, new Event('toggle'));
  return panel;
}

describe('ClassSchoolPanel', () => {
  it('is not there for a teacher without a school, and no member gets the school button', async () => {
    const app = await openMembers([{ path: '/api/schools/mine', reply: { body: { schools: [] } } }]);
    await waitFor(() => expect(app.fetchMock.callsTo('/api/schools/mine')).not.toHaveLength(0));
    expect(screen.queryByTestId(`school-${CLASS_A_ID}`)).toBeNull();
    expect(screen.queryByText('Schule und Räume')).toBeNull();
    expect(row(ANNA).queryByRole('button', { name: /Schule und Räume/ })).toBeNull();
    expect(app.fetchMock.callsTo(SCHOOL_URL)).toHaveLength(0);
  });

  it('sets the school, its sites and the needed equipment with German labels', async () => {
    const app = await openMembers(
      schoolRoutes({ school_id: null, sites: [], needs: [] }, [
        {
          method: 'PUT',
          path: SCHOOL_URL,
          reply: { body: { school_id: 'sch1', sites: ['site2'], needs: ['grand_piano'], message: 'Schule der Klasse gespeichert' } },
        },
      ]),
    );
    const panel = await openPanel();
    expect(within(panel).getByText('keine Schule')).toBeTruthy();
    const school = await within(panel).findByLabelText('Schule');
    fireEvent.change(school, { target: { value: 'sch1' } });
    fireEvent.click(await within(panel).findByRole('checkbox', { name: 'Partnerschule Nord' }));
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'Flügel' }));
    expect(within(panel).getByRole('checkbox', { name: 'Schlagzeug' })).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(app.fetchMock.callsTo(SCHOOL_URL, 'PUT')).toHaveLength(1));
    expect(app.fetchMock.callsTo(SCHOOL_URL, 'PUT')[0]!.body).toEqual({ school_id: 'sch1', sites: ['site2'], needs: ['grand_piano'] });
    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain('Schule der Klasse gespeichert'));
    expect(await within(panel).findByText('Musikschule Vogelsang · 1 Standort · 1 Merkmal')).toBeTruthy();
  });

  it("removes the school with null and shows the server's German refusal", async () => {
    const refusal = 'Unbekannter Standort: „site9“.';
    let calls = 0;
    const app = await openMembers(
      schoolRoutes({ school_id: 'sch1', sites: ['site1'], needs: ['drums'] }, [
        {
          method: 'PUT',
          path: SCHOOL_URL,
          reply: () =>
            ++calls === 1
              ? { status: 400, body: { detail: refusal } }
              : { body: { school_id: null, sites: [], needs: [], message: 'Die Klasse hat keine Schule mehr' } },
        },
      ]),
    );
    const panel = await openPanel();
    expect(await within(panel).findByRole('checkbox', { name: 'Hauptstelle' })).toHaveProperty('checked', true);
    expect(within(panel).getByRole('checkbox', { name: 'Schlagzeug' })).toHaveProperty('checked', true);
    fireEvent.click(within(panel).getByRole('button', { name: 'Speichern' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(refusal);

    fireEvent.change(within(panel).getByLabelText('Schule'), { target: { value: '' } });
    expect(within(panel).queryByRole('checkbox', { name: 'Hauptstelle' })).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(app.fetchMock.callsTo(SCHOOL_URL, 'PUT')).toHaveLength(2));
    expect(app.fetchMock.callsTo(SCHOOL_URL, 'PUT')[1]!.body).toEqual({ school_id: null });
    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain('Die Klasse hat keine Schule mehr'));
    expect(within(panel).queryByRole('alert')).toBeNull();
  });
});

describe('MemberSchoolDialog', () => {
  const VOGEL = { ...ANNA, needs: ['drums'], sites: null, family: 'Familie Vogel' };

  it("reads a member's needs, sites and family from the list and saves them through the member update", async () => {
    const update = `/api/classes/${CLASS_A_ID}/members/${ANNA.member_id}/update`;
    let saved = false;
    const app = await openMembers(
      [
        ...schoolRoutes({ school_id: 'sch1', sites: ['site1'], needs: ['piano'] }),
        {
          method: 'PUT',
          path: update,
          reply: (call) => {
            saved = true;
            return { body: { ...ANNA, ...(call.body as object) } };
          },
        },
        {
          method: 'GET',
          path: `/api/classes/${CLASS_A_ID}/members`,
          reply: () => ({ body: { members: [saved ? { ...VOGEL, needs: null, sites: ['site2'], family: 'Familie Berg' } : VOGEL, BEN, CEM] } }),
        },
      ],
      [VOGEL, BEN, CEM],
    );
    expect(row(ANNA).getByText('Familie Vogel')).toBeTruthy();
    fireEvent.click(await row(ANNA).findByRole('button', { name: 'Schule und Räume von Anna Berg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schule und Räume: Anna Berg' });
    const needs = await within(dialog).findByRole('group', { name: 'Ausstattung' });
    expect(within(needs).getByRole('radio', { name: 'eigene Auswahl' })).toHaveProperty('checked', true);
    expect(within(needs).getByRole('checkbox', { name: 'Schlagzeug' })).toHaveProperty('checked', true);
    const sites = within(dialog).getByRole('group', { name: 'Standorte' });
    expect(within(sites).getByRole('radio', { name: 'wie die Klasse' })).toHaveProperty('checked', true);
    expect(within(dialog).getByLabelText('Familie')).toHaveProperty('value', 'Familie Vogel');

    fireEvent.click(within(needs).getByRole('radio', { name: 'wie die Klasse' }));
    fireEvent.click(within(sites).getByRole('radio', { name: 'eigene Auswahl' }));
    fireEvent.click(within(sites).getByRole('checkbox', { name: 'Partnerschule Nord' }));
    fireEvent.change(within(dialog).getByLabelText('Familie'), { target: { value: 'Familie Berg' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(app.fetchMock.callsTo(update, 'PUT')).toHaveLength(1));
    expect(app.fetchMock.callsTo(update, 'PUT')[0]!.body).toEqual({ needs: null, sites: ['site2'], family: 'Familie Berg' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await row(ANNA).findByText('Familie Berg')).toBeTruthy();
    expect(getToasts().map((t) => t.message)).toContain('Angaben von Anna Berg gespeichert');
  });

  it("shows the server's German refusal in the dialog and keeps it open", async () => {
    const refusal = 'Die Familie darf höchstens 100 Zeichen lang sein.';
    await openMembers([
      ...schoolRoutes({ school_id: 'sch1', sites: [], needs: [] }),
      { method: 'PUT', path: `/api/classes/${CLASS_A_ID}/members/${ANNA.member_id}/update`, reply: { status: 400, body: { detail: refusal } } },
    ]);
    fireEvent.click(await row(ANNA).findByRole('button', { name: 'Schule und Räume von Anna Berg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schule und Räume: Anna Berg' });
    fireEvent.change(within(dialog).getByLabelText('Familie'), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('offers no sites while the class has no school, and sends none', async () => {
    const update = `/api/classes/${CLASS_A_ID}/members/${ANNA.member_id}/update`;
    const app = await openMembers([...schoolRoutes({ school_id: null, sites: [], needs: [] }), { method: 'PUT', path: update, reply: { body: ANNA } }]);
    fireEvent.click(await row(ANNA).findByRole('button', { name: 'Schule und Räume von Anna Berg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schule und Räume: Anna Berg' });
    expect(within(dialog).getByText('Lege zuerst die Schule der Klasse fest, dann die Standorte einzelner Studierender.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(app.fetchMock.callsTo(update, 'PUT')).toHaveLength(1));
    expect(app.fetchMock.callsTo(update, 'PUT')[0]!.body).toEqual({ needs: null, family: null });
  });
});
