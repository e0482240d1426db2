// /scheduling steps 2 and 3: the teacher's times, the time range and its cookie.
import '../../test/dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerConfirm } from '../../test/confirm-dialog';
import { readRangeCookie, writeRangeCookie } from './range-cookie';
import { cell, clickCell, location, open, resetSchedulingTest, TIMES } from './scheduling-test-utils';

vi.mock('./planner/PlannerStep', async () => (await import('./scheduling-test-utils')).plannerStepStub());

afterEach(resetSchedulingTest);

describe('step 2: teacher times', { timeout: 30_000 }, () => {
  it('edits, shows the unsaved indicator and the sum, and saves', async () => {
    const app = open('/scheduling/zeiten?klasse=c1');
    await screen.findByRole('grid');
    expect(screen.getByTestId('sidebar-teacher-sum').textContent).toBe('30 Minuten');
    expect(screen.queryByText('Ungespeicherte Änderungen')).toBeNull();
    clickCell(0, 38);
    expect(screen.getByText('Ungespeicherte Änderungen')).toBeTruthy();
    expect(screen.getByTestId('sidebar-teacher-sum').textContent).toBe('45 Minuten');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Verfügbare Zeiten erfolgreich aktualisiert')).toBeTruthy();
    expect(app.fetchMock.callsTo('/api/classes/c1/available-times', 'PUT')[0]!.body).toEqual({ available_times: { '0': ['9.00', '9.15', '9.30'] } });
    expect(screen.queryByText('Ungespeicherte Änderungen')).toBeNull();
  });

  it('requires at least one time to save or to go on', async () => {
    const app = open('/scheduling/zeiten?klasse=c1');
    await screen.findByRole('grid');
    clickCell(0, 36);
    clickCell(0, 37);
    expect(screen.getByTestId('sidebar-teacher-sum').textContent).toBe('Keine Zeiten');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Bitte trage mindestens eine Verfügbarkeitszeit ein, um fortzufahren.')).toBeTruthy();
    expect(app.fetchMock.callsTo('/api/classes/c1/available-times', 'PUT')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Verwerfen' }));
    expect(screen.queryByText('Bitte trage mindestens eine Verfügbarkeitszeit ein, um fortzufahren.')).toBeNull();
  });

  it("'Weiter zu Schritt 3' without any time shows the rule instead of going on", async () => {
    const app = open('/scheduling/zeiten?klasse=c1', { times: { body: { available_times: {} } } });
    await screen.findByRole('grid');
    fireEvent.click(screen.getByRole('button', { name: 'Weiter zu Schritt 3' }));
    expect(screen.getByText('Bitte trage mindestens eine Verfügbarkeitszeit ein, um fortzufahren.')).toBeTruthy();
    expect(location(app)).toBe('/scheduling/zeiten?klasse=c1');
  });
});

describe('step 3: time range', { timeout: 30_000 }, () => {
  it('saves the exact mode, locks it, sets the cookie and unlocks with Auswahl ändern', async () => {
    const app = open('/scheduling/zeitraum?klasse=c1');
    const exact = await screen.findByRole('radio', { name: /Genau deine Zeiten/ });
    expect((exact as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Zeitraum speichern' }));
    expect(await screen.findByText('Zeitraum für Klasse gespeichert')).toBeTruthy();
    expect(app.fetchMock.callsTo('/api/classes/c1/time-range/exact', 'POST')).toHaveLength(1);
    expect(readRangeCookie('c1')).toEqual({ mode: 'exact', extraMinutes: null });
    expect(document.cookie).toContain('timeRangeMode_c1=exact');
    expect(screen.getByRole('radio', { name: /Erweitert/ }).matches(':disabled')).toBe(true);
    expect(screen.getByText('Genau deine Zeiten', { selector: 'strong' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Auswahl ändern' }));
    expect(screen.getByRole('radio', { name: /Erweitert/ }).matches(':disabled')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Weiter zu Schritt 4' }));
    await waitFor(() => expect(location(app)).toBe('/scheduling/planen?klasse=c1'));
    expect(await screen.findByTestId('planner')).toBeTruthy();
  });

  it('saves the extended mode with the chosen extra minutes (default 15)', async () => {
    const app = open('/scheduling/zeitraum?klasse=c1');
    fireEvent.click(await screen.findByRole('radio', { name: /Erweitert/ }));
    const extra = screen.getByLabelText('Zusätzliche Zeit') as HTMLSelectElement;
    expect(extra.value).toBe('15');
    expect(Array.from(extra.options).map((o) => o.value)).toEqual(['15', '30', '45', '60']);
    fireEvent.change(extra, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zeitraum speichern' }));
    expect(await screen.findByText('Zeitraum für Klasse gespeichert')).toBeTruthy();
    expect(app.fetchMock.callsTo('/api/classes/c1/time-range/extended', 'POST')[0]!.body).toEqual({ extraMinutes: 30 });
    expect(readRangeCookie('c1')).toEqual({ mode: 'extended', extraMinutes: 30 });
    expect(screen.getByText('Erweitert um 30 Minuten', { selector: 'strong' })).toBeTruthy();
  });

  it('the custom mode opens the manual picker with a back button and saves with PUT', async () => {
    const app = open('/scheduling/zeitraum?klasse=c1');
    fireEvent.click(await screen.findByRole('radio', { name: /Benutzerdefiniert/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Zeitraum auswählen' }));
    expect(await screen.findByRole('heading', { name: 'Zeitraum selbst auswählen' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '← Zurück' }));
    expect(await screen.findByRole('heading', { name: 'Zeitraum für Studierende festlegen' })).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: /Benutzerdefiniert/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Zeitraum auswählen' }));
    await screen.findByRole('grid', { name: 'Zeitraum für Studierende auswählen' });
    // starts from the teacher's times
    expect(cell(0, 36).getAttribute('aria-selected')).toBe('true');
    clickCell(1, 40);
    expect(screen.getByText('Ungespeicherte Änderungen')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Zeitraum speichern' }));
    expect(await screen.findByText('Zeitraum für Klasse gespeichert')).toBeTruthy();
    expect(app.fetchMock.callsTo('/api/classes/c1/time-range', 'PUT')[0]!.body).toEqual({
      time_range: { '0': ['9.00', '9.15'], '1': ['10.00'] },
      mode: 'custom',
    });
    expect(readRangeCookie('c1')).toEqual({ mode: 'custom', extraMinutes: null });
    expect(screen.getByRole('heading', { name: 'Zeitraum für Studierende festlegen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Auswahl ändern' })).toBeTruthy();
  });

  it('leaving the custom picker with changes asks in the styled dialog first', async () => {
    const app = open('/scheduling/zeitraum?klasse=c1');
    fireEvent.click(await screen.findByRole('radio', { name: /Benutzerdefiniert/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Zeitraum auswählen' }));
    await screen.findByRole('grid', { name: 'Zeitraum für Studierende auswählen' });
    clickCell(1, 40);
    fireEvent.click(screen.getByRole('button', { name: '← Zurück' }));
    await answerConfirm('Änderungen verwerfen?', 'Abbrechen', 'Deine Änderungen am Zeitraum gehen verloren. Trotzdem zurück?');
    expect(screen.getByRole('heading', { name: 'Zeitraum selbst auswählen' })).toBeTruthy();
    expect(cell(1, 40).getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: '← Zurück' }));
    await answerConfirm('Änderungen verwerfen?', 'Verwerfen');
    expect(await screen.findByRole('heading', { name: 'Zeitraum für Studierende festlegen' })).toBeTruthy();
    expect(app.fetchMock.callsTo('/api/classes/c1/time-range', 'PUT')).toHaveLength(0);
  });

  it('an empty custom range cannot be saved', async () => {
    const app = open('/scheduling/zeitraum?klasse=c1');
    fireEvent.click(await screen.findByRole('radio', { name: /Benutzerdefiniert/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Zeitraum auswählen' }));
    await screen.findByRole('grid');
    clickCell(0, 36);
    clickCell(0, 37);
    fireEvent.click(screen.getByRole('button', { name: 'Zeitraum speichern' }));
    expect(await screen.findByText('Bitte wähle mindestens eine Zeit für den Zeitraum aus.')).toBeTruthy();
    expect(app.fetchMock.callsTo('/api/classes/c1/time-range', 'PUT')).toHaveLength(0);
  });

  it('shows a saved mode locked', async () => {
    open('/scheduling/zeitraum?klasse=c1', { range: { body: { time_range: TIMES, mode: 'extended', extraMinutes: 45 } } });
    expect(await screen.findByText('Erweitert um 45 Minuten', { selector: 'strong' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Erweitert/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Zusätzliche Zeit') as HTMLSelectElement).value).toBe('45');
    expect(screen.queryByRole('button', { name: 'Zeitraum speichern' })).toBeNull();
  });
});

describe('range cookie', { timeout: 30_000 }, () => {
  it('is deleted when the teacher times are empty', async () => {
    writeRangeCookie('c1', { mode: 'exact', extraMinutes: null });
    const app = open('/scheduling', { times: { body: { available_times: {} } } });
    fireEvent.click(await screen.findByRole('button', { name: /Klavier Hauptfach/ }));
    await waitFor(() => expect(location(app)).toBe('/scheduling/zeiten?klasse=c1'));
    expect(readRangeCookie('c1')).toBeNull();
  });

  it('mirrors the saved mode on load', async () => {
    open('/scheduling/zeitraum?klasse=c1', { range: { body: { time_range: TIMES, mode: 'custom', extraMinutes: null } } });
    await screen.findByRole('button', { name: 'Auswahl ändern' });
    expect(readRangeCookie('c1')).toEqual({ mode: 'custom', extraMinutes: null });
  });
});
