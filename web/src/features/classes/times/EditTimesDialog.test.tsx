import '../../../test/dom';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { WeekSlots } from '@stundenplan/timegrid';
import { describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../../shared/toast/toast-store';
import { installFetchMock, type MockRoute } from '../../../test/fetch-mock';
import { Providers } from '../../../test/render-app';
import type { MemberDto } from '../classes-api';
import { EditTimesDialog, initialTimesText } from './EditTimesDialog';
import { dayRunsText, visibleHours, WeekPreview } from './WeekPreview';

const CLASS_ID = 'c1';
const ANNA: MemberDto = {
  member_id: 'm-anna',
  user_id: null,
  student_id: null,
  name: 'Anna Berg',
  email: 'anna@web.de',
  duration: 30,
  available_times: { '0': ['9.00', '9.15', '9.30', '9.45', '10.00', '10.15', '10.30', '10.45', '11.00', '11.15', '11.30', '11.45'] },
};
const BEN: MemberDto = {
  member_id: 'm-ben',
  user_id: 'u-ben',
  student_id: 'u-ben',
  name: 'Ben Kurz',
  email: 'ben@stud.de',
  duration: 45,
  available_times: {},
  available_times_user_input: { '4': ['16.00', '16.15', '16.30', '16.45'] },
  available_times_user_input_last_modified: '2026-03-01T10:15:00Z',
};
const UPDATE_URL = (m: MemberDto) => `/api/classes/${CLASS_ID}/members/${m.member_id}/update`;

function show(member: MemberDto | null, routes: MockRoute[] = [], handlers: { onClose?: () => void; onSaved?: () => void } = {}) {
  const fetchMock = installFetchMock(routes);
  const onClose = vi.fn(handlers.onClose);
  const onSaved = vi.fn(handlers.onSaved);
  render(
    <Providers>
      <EditTimesDialog open classId={CLASS_ID} member={member} onClose={onClose} onSaved={onSaved} />
    </Providers>,
  );
  return { fetchMock, onClose, onSaved };
}

const textarea = () => screen.getByPlaceholderText('z.B. Mo 9-12, Di 14:00-16:30, Mi ab 10') as HTMLTextAreaElement;
const preview = () => screen.getByRole('figure', { name: 'Vorschau der eingegebenen Zeiten' });
const tick = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('EditTimesDialog', () => {
  it("says 'Kein Student ausgewählt.' without a member", () => {
    show(null);
    expect(screen.getByText('Kein Student ausgewählt.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
  });

  it('is titled for the member and prefilled with the teacher-entered times and their total', () => {
    show(ANNA);
    expect(screen.getByRole('dialog', { name: 'Verfügbare Zeiten bearbeiten für Anna Berg' })).toBeTruthy();
    expect(textarea().value).toBe('Mo 9-12');
    expect(within(preview()).getByText('3 Stunden')).toBeTruthy();
    expect(within(preview()).getByText('09:00–12:00')).toBeTruthy();
    // No second preview for an unregistered member.
    expect(screen.queryByRole('figure', { name: 'Eigene Angabe der Student*in' })).toBeNull();
  });

  it('parses the text 500 ms after the last change into the preview', async () => {
    vi.useFakeTimers();
    show(ANNA);
    fireEvent.change(textarea(), { target: { value: 'Mo 9-12, Di 14:00-16:30, Mi ab 10' } });
    await tick(499);
    expect(within(preview()).getByText('3 Stunden')).toBeTruthy();
    await tick(1);
    expect(within(preview()).getByText('19 Stunden und 30 Minuten')).toBeTruthy();
    expect(within(preview()).getByText('14:00–16:30')).toBeTruthy();
    expect(within(preview()).getByText('10:00–24:00')).toBeTruthy();

    // Typing again restarts the wait.
    fireEvent.change(textarea(), { target: { value: 'Fr 8-9' } });
    await tick(300);
    fireEvent.change(textarea(), { target: { value: 'Fr 8-10' } });
    await tick(300);
    expect(within(preview()).getByText('19 Stunden und 30 Minuten')).toBeTruthy();
    await tick(200);
    expect(within(preview()).getByText('2 Stunden')).toBeTruthy();
  });

  it("shows the parse error and blocks saving with 'Bitte korrigiere die Fehler in der Eingabe.'", async () => {
    vi.useFakeTimers();
    const { fetchMock } = show(ANNA);
    fireEvent.change(textarea(), { target: { value: 'Mo 12-9' } });
    await tick(500);
    expect(screen.getByText('Fehler beim Verarbeiten der Eingabe.')).toBeTruthy();
    // docs/product/classes.md: a failure gives the error and no result (no stale preview, no total).
    expect(screen.queryByRole('figure', { name: 'Vorschau der eingegebenen Zeiten' })).toBeNull();
    expect(screen.queryByText('3 Stunden')).toBeNull();
    expect(screen.getByText('Keine Vorschau, solange die Eingabe einen Fehler enthält.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await tick(0);
    expect(screen.getByText('Bitte korrigiere die Fehler in der Eingabe.')).toBeTruthy();
    expect(fetchMock.calls).toHaveLength(0);
  });

  it('does not wait for the debounce when saving: an error typed just now blocks at once', async () => {
    vi.useFakeTimers();
    const { fetchMock } = show(ANNA);
    fireEvent.change(textarea(), { target: { value: 'Mo 9 bis' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await tick(0);
    expect(screen.getByText('Bitte korrigiere die Fehler in der Eingabe.')).toBeTruthy();
    expect(fetchMock.calls).toHaveLength(0);
  });

  it('saves the parsed times, toasts and closes', async () => {
    const { fetchMock, onClose, onSaved } = show(ANNA, [
      { method: 'PUT', path: UPDATE_URL(ANNA), reply: (call) => ({ body: { ...ANNA, ...(call.body as object) } }) },
    ]);
    fireEvent.change(textarea(), { target: { value: 'di 8-9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchMock.callsTo(UPDATE_URL(ANNA), 'PUT')[0]!.body).toEqual({ available_times: { '1': ['8.00', '8.15', '8.30', '8.45'] }, preferred_times: {} });
    expect(getToasts().map((t) => t.message)).toEqual(['Verfügbare Zeiten erfolgreich gespeichert']);
    expect(onSaved).toHaveBeenCalledWith('m-anna', { '1': ['8.00', '8.15', '8.30', '8.45'] }, {});
  });

  it('saves an empty text as no times', async () => {
    const { fetchMock, onClose } = show(ANNA, [{ method: 'PUT', path: UPDATE_URL(ANNA), reply: { body: {} } }]);
    fireEvent.change(textarea(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchMock.callsTo(UPDATE_URL(ANNA), 'PUT')[0]!.body).toEqual({ available_times: {}, preferred_times: {} });
  });

  it("reports a failed save inline and as 'Speichern fehlgeschlagen: {message}'", async () => {
    const { onClose } = show(ANNA, [{ method: 'PUT', path: UPDATE_URL(ANNA), reply: { status: 400, body: { detail: 'Zeiten außerhalb des Zeitfensters' } } }]);
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Fehler beim Speichern der Zeiten')).toBeTruthy();
    expect(getToasts().map((t) => t.message)).toEqual(['Speichern fehlgeschlagen: Zeiten außerhalb des Zeitfensters']);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('falls back to the answer status text when the server gives no detail', async () => {
    show(ANNA, [{ method: 'PUT', path: UPDATE_URL(ANNA), reply: { status: 502 } }]);
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await screen.findByText('Fehler beim Speichern der Zeiten');
    expect(getToasts().map((t) => t.message)).toEqual(['Speichern fehlgeschlagen: Fehler 502']);
  });

  it("shows the registered student's own entry as a second preview and can take it over", async () => {
    vi.useFakeTimers();
    show(BEN);
    expect(textarea().value).toBe('');
    const own = screen.getByRole('figure', { name: 'Eigene Angabe der Student*in' });
    expect(within(own).getByText('16:00–17:00')).toBeTruthy();
    expect(within(own).getByText('1 Stunde')).toBeTruthy();
    expect(screen.getByText(/^Letzte Änderung: /).getAttribute('title')).toMatch(/^01\.03\.2026, \d{2}:15$/);
    fireEvent.click(screen.getByRole('button', { name: 'In das Textfeld übernehmen' }));
    expect(textarea().value).toBe('Fr 16-17');
    expect(within(preview()).getByText('1 Stunde')).toBeTruthy();
  });
});

describe('EditTimesDialog preferred times (Wunschzeiten)', () => {
  const wishField = () => screen.getByLabelText(/^Wunschzeiten/) as HTMLTextAreaElement;

  it('is prefilled with the stored preferred times and saves both fields', async () => {
    const anna = { ...ANNA, preferred_times: { '0': ['10.00', '10.15', '10.30', '10.45'] } };
    const { fetchMock, onSaved } = show(anna, [{ method: 'PUT', path: UPDATE_URL(anna), reply: (call) => ({ body: { ...anna, ...(call.body as object) } }) }]);
    expect(wishField().value).toBe('Mo 10-11');
    expect(within(preview()).getAllByTestId('week-preview-block-marked')).toHaveLength(1);
    expect(within(preview()).getByText('Bevorzugt:')).toBeTruthy();
    fireEvent.change(wishField(), { target: { value: 'Mo 9-9:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(fetchMock.callsTo(UPDATE_URL(anna), 'PUT')[0]!.body).toEqual({ available_times: anna.available_times, preferred_times: { '0': ['9.00', '9.15'] } });
  });

  it('refuses preferred times outside the available ones with the server rule, before saving', async () => {
    vi.useFakeTimers();
    const { fetchMock } = show(ANNA);
    fireEvent.change(wishField(), { target: { value: 'Di 9-10' } });
    await tick(500);
    expect(screen.getByText('Bevorzugte Zeiten müssen innerhalb der verfügbaren Zeiten liegen.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await tick(0);
    expect(screen.getByText('Bitte korrigiere die Fehler in der Eingabe.')).toBeTruthy();
    expect(fetchMock.calls).toHaveLength(0);
  });

  it("takes over the student's own preferred times together with the available ones", () => {
    show({ ...BEN, preferred_times_user_input: { '4': ['16.00', '16.15'] } });
    const own = screen.getByRole('figure', { name: 'Eigene Angabe der Student*in' });
    expect(within(own).getAllByTestId('week-preview-block-marked')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'In das Textfeld übernehmen' }));
    expect(textarea().value).toBe('Fr 16-17');
    expect(wishField().value).toBe('Fr 16:00-16:30');
  });
});

describe('WeekPreview', () => {
  it('shows 8 to 19 at least and widens to every slot', () => {
    expect(visibleHours(WeekSlots.empty())).toEqual({ start: 8, end: 19 });
    expect(visibleHours(WeekSlots.fromTimesMap({ '2': ['6.45'], '5': ['21.30'] }))).toEqual({ start: 6, end: 22 });
  });

  it('lists the runs per day and draws one block per run', () => {
    const week = WeekSlots.fromTimesMap({ '0': ['9.00', '9.15', '14.00'], '6': ['23.45'] });
    expect(dayRunsText(week)).toEqual([
      { day: 0, text: '09:00–09:30, 14:00–14:15' },
      { day: 6, text: '23:45–24:00' },
    ]);
    render(<WeekPreview week={week} label="Vorschau" />);
    expect(within(screen.getByTestId('week-preview-day-0')).getAllByTestId('week-preview-block')).toHaveLength(2);
    expect(within(screen.getByTestId('week-preview-day-3')).queryAllByTestId('week-preview-block')).toHaveLength(0);
    expect(screen.getByText('1 Stunde')).toBeTruthy();
  });

  it("says 'Keine Zeiten' for an empty week", () => {
    render(<WeekPreview week={WeekSlots.empty()} label="Vorschau" />);
    expect(screen.getByText('Keine Zeiten')).toBeTruthy();
    expect(screen.getByText('0 Minuten')).toBeTruthy();
  });

  it('formats stored times leniently for the text area', () => {
    expect(initialTimesText({ '0': ['9.00', '9.15'], '2': ['10.00'] })).toBe('Mo 9:00-9:30; Mi 10:00-10:15');
    expect(initialTimesText({ '9': ['x'], '1': ['8.00', '8.15', '8.30', '8.45'] } as never)).toBe('Di 8-9');
    expect(initialTimesText(null)).toBe('');
  });

  it("says why 'Mi 23:50-24' gives no times instead of staying silent", async () => {
    vi.useFakeTimers();
    show(ANNA);
    fireEvent.change(textarea(), { target: { value: 'Mi 23:50-24' } });
    await tick(500);
    expect(screen.getByText(/Diese Eingabe ergibt keine Zeiten\./)).toBeTruthy();
    expect(within(preview()).queryByText(/Stunden/)).toBeNull();
  });
});
