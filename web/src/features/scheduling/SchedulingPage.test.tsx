import '../../test/dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MockRoute, MockReply, RecordedCall } from '../../test/fetch-mock';
import { answerConfirm } from '../../test/confirm-dialog';
import { renderApp, TEACHER } from '../../test/render-app';
import type { PlannerStepProps } from './planner/PlannerStep';
import { readRangeCookie, writeRangeCookie } from './range-cookie';

// The grids make jsdom slow: give async queries more time.

// Step 4 belongs to the planner; here only the seam (props, save registration) matters.
const plannerProps: PlannerStepProps[] = [];
const plannerSave = vi.hoisted(() => ({ handler: null as null | (() => Promise<boolean>) }));
vi.mock('./planner/PlannerStep', async () => {
  const { useRegisterPlannerSave } = await import('./planner-save-context');
  return {
    PlannerStep: (props: PlannerStepProps) => {
      plannerProps.push(props);
      useRegisterPlannerSave(plannerSave.handler);
      return <div data-testid="planner">Planer für {props.className}</div>;
    },
  };
});

const CLASSES = { classes: [{ class_id: 'c1', name: 'Klavier Hauptfach', description: 'Montagsgruppe', is_group: false, member_count: 3 }] };
const TIMES = { '0': ['9.00', '9.15'] };
const NO_RANGE = { time_range: null, mode: null, extraMinutes: null };
const EXACT = { time_range: TIMES, mode: 'exact', extraMinutes: null };

type Reply = MockReply | ((call: RecordedCall) => MockReply);

interface Setup {
  classes?: Reply;
  times?: Reply;
  range?: Reply;
}

function routes({ classes = { body: CLASSES }, times = { body: { available_times: TIMES } }, range = { body: NO_RANGE } }: Setup = {}): MockRoute[] {
  return [
    { method: 'GET', path: '/api/me/classes', reply: classes },
    { method: 'GET', path: '/api/classes/c1/available-times', reply: times },
    { method: 'PUT', path: '/api/classes/c1/available-times', reply: (call) => ({ body: call.body }) },
    { method: 'GET', path: '/api/classes/c1/time-range', reply: range },
    { method: 'POST', path: '/api/classes/c1/time-range/exact', reply: { body: { ...EXACT, message: 'Zeitraum für Klasse gespeichert' } } },
    {
      method: 'POST',
      path: '/api/classes/c1/time-range/extended',
      reply: (call) => ({
        body: {
          time_range: { '0': ['8.30', '8.45', '9.00', '9.15', '9.30', '9.45'] },
          mode: 'extended',
          extraMinutes: (call.body as { extraMinutes: number }).extraMinutes,
        },
      }),
    },
    { method: 'PUT', path: '/api/classes/c1/time-range', reply: (call) => ({ body: { ...(call.body as object), extraMinutes: null } }) },
  ];
}

function open(path: string, setup: Setup = {}) {
  return renderApp({ path, user: TEACHER, routes: routes(setup) });
}

function cell(day: number, slot: number): HTMLElement {
  const el = document.querySelector<HTMLElement>(`[data-day="${day}"][data-slot="${slot}"]`);
  if (!el) throw new Error(`no cell ${day}/${slot}`);
  return el;
}

function clickCell(day: number, slot: number) {
  fireEvent.pointerDown(cell(day, slot), { button: 0, pointerType: 'mouse' });
  fireEvent.pointerUp(document);
}

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

const location = (app: ReturnType<typeof open>) => app.router.state.location.pathname + app.router.state.location.search;

afterEach(() => {
  clearCookies();
  plannerProps.length = 0;
  plannerSave.handler = null;
});

describe('step 1 and the automatic jump', () => {
  it('shows the four steps and the classes', async () => {
    open('/scheduling');
    const nav = await screen.findByRole('navigation', { name: 'Schritte der Stundenplanung' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.getAttribute('aria-label')),
    ).toEqual([
      'Schritt 1: Klasse wählen',
      'Schritt 2: Bevorzugte Zeiten eingeben',
      'Schritt 3: Zeitraum für Studierende festlegen',
      'Schritt 4: Stundenplan planen',
    ]);
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['1 Klasse wählen', '2 Bevorzugte Zeiten eingeben', '3 Zeitraum für Studierende festlegen', '4 Stundenplan planen']);
    expect(within(nav).getAllByRole('link')[0]!.getAttribute('aria-current')).toBe('step');
    expect(await screen.findByRole('button', { name: /Klavier Hauptfach/ })).toBeTruthy();
  });

  it('warns that a class must exist and links to /me/classes', async () => {
    open('/scheduling', { classes: { body: { classes: [] } } });
    expect(await screen.findByText('Du hast noch keine Klasse angelegt. Lege zuerst eine Klasse an, um einen Stundenplan zu erstellen.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Klasse anlegen' }).getAttribute('href')).toBe('/me/classes');
  });

  it("says 'Fehler beim Laden der Klassen' when the list fails", async () => {
    open('/scheduling', { classes: { status: 500 } });
    expect(await screen.findByText('Fehler beim Laden der Klassen')).toBeTruthy();
  });

  it('jumps to step 2 when the class has no teacher times', async () => {
    const app = open('/scheduling', { times: { body: { available_times: {} } } });
    fireEvent.click(await screen.findByRole('button', { name: /Klavier Hauptfach/ }));
    await waitFor(() => expect(location(app)).toBe('/scheduling/zeiten?klasse=c1'));
    expect(await screen.findByRole('grid', { name: 'Bevorzugte Zeiten für Klavier Hauptfach' })).toBeTruthy();
  });

  it('jumps to step 3 when times exist but no range', async () => {
    const app = open('/scheduling');
    fireEvent.click(await screen.findByRole('button', { name: /Klavier Hauptfach/ }));
    await waitFor(() => expect(location(app)).toBe('/scheduling/zeitraum?klasse=c1'));
    expect(await screen.findByRole('heading', { name: 'Zeitraum für Studierende festlegen' })).toBeTruthy();
  });

  it('jumps to step 4 when times and a range mode exist, handing the planner its props', async () => {
    const app = open('/scheduling', { range: { body: EXACT } });
    fireEvent.click(await screen.findByRole('button', { name: /Klavier Hauptfach/ }));
    await waitFor(() => expect(location(app)).toBe('/scheduling/planen?klasse=c1'));
    expect((await screen.findByTestId('planner')).textContent).toBe('Planer für Klavier Hauptfach');
    const props = plannerProps.at(-1)!;
    expect(props.classId).toBe('c1');
    expect(props.teacherTimes).toEqual(TIMES);
    expect(props.timeRange).toEqual(TIMES);
    await act(async () => {
      props.onEditTimes!();
    });
    await waitFor(() => expect(location(app)).toBe('/scheduling/zeiten?klasse=c1'));
  });

  it("tells 'Fehler beim Laden der Daten' when the class data fails and stays on step 1", async () => {
    const app = open('/scheduling', { times: { status: 500 } });
    fireEvent.click(await screen.findByRole('button', { name: /Klavier Hauptfach/ }));
    expect(await screen.findByText('Fehler beim Laden der Daten')).toBeTruthy();
    expect(location(app)).toBe('/scheduling');
  });

  it('going back to step 1 resets everything', async () => {
    const app = open('/scheduling/zeiten?klasse=c1');
    await screen.findByRole('grid');
    fireEvent.click(screen.getByRole('link', { name: /Schritt 1: Klasse wählen/ }));
    await waitFor(() => expect(location(app)).toBe('/scheduling'));
    expect(await screen.findByRole('button', { name: /Klavier Hauptfach/ })).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
    expect(screen.queryByText('Klasse: Klavier Hauptfach')).toBeNull();
  });
});

describe('access rules', () => {
  it('step 2 needs a class', async () => {
    open('/scheduling/zeiten');
    expect(await screen.findByText('Bitte wähle zuerst eine Klasse aus.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zu Schritt 1: Klasse wählen' }).getAttribute('href')).toBe('/scheduling');
  });

  it('step 3 needs at least one teacher time', async () => {
    open('/scheduling/zeitraum?klasse=c1', { times: { body: { available_times: {} } } });
    expect(await screen.findByText('Bitte trage zuerst deine bevorzugten Zeiten ein, bevor du den Zeitraum für die Studierenden festlegst.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zu Schritt 2: Zeiten eingeben' }).getAttribute('href')).toBe('/scheduling/zeiten?klasse=c1');
    expect(screen.queryByRole('button', { name: 'Zeitraum speichern' })).toBeNull();
  });

  it('step 4 needs a set range mode', async () => {
    open('/scheduling/planen?klasse=c1');
    expect(await screen.findByText('Bitte lege zuerst den Zeitraum für die Studierenden fest, bevor du den Stundenplan planst.')).toBeTruthy();
    expect(screen.queryByTestId('planner')).toBeNull();
  });

  it('unknown sub-paths go to step 1', async () => {
    const app = open('/scheduling/gibtsnicht?klasse=c1');
    await waitFor(() => expect(location(app)).toBe('/scheduling'));
  });
});

describe('step 2: teacher times', () => {
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

describe('sidebar', () => {
  it("has 'Zeit-Anzeige eingrenzen' with Von/Bis (defaults 8.00/19.00) disabling the impossible values", async () => {
    open('/scheduling/zeiten?klasse=c1');
    await screen.findByRole('grid');
    const von = screen.getByLabelText('Von') as HTMLSelectElement;
    const bis = screen.getByLabelText('Bis') as HTMLSelectElement;
    expect(screen.getByText('Zeit-Anzeige eingrenzen')).toBeTruthy();
    expect(von.value).toBe('32');
    expect(bis.value).toBe('76');
    expect(von.options).toHaveLength(96);
    expect(von.querySelector<HTMLOptionElement>('option[value="76"]')!.disabled).toBe(true);
    expect(von.querySelector<HTMLOptionElement>('option[value="75"]')!.disabled).toBe(false);
    expect(bis.querySelector<HTMLOptionElement>('option[value="32"]')!.disabled).toBe(true);
    expect(bis.querySelector<HTMLOptionElement>('option[value="33"]')!.disabled).toBe(false);

    fireEvent.change(von, { target: { value: '40' } });
    expect(bis.querySelector<HTMLOptionElement>('option[value="40"]')!.disabled).toBe(true);
    expect(bis.querySelector<HTMLOptionElement>('option[value="41"]')!.disabled).toBe(false);
    expect(document.querySelector('[data-slot="39"]')).toBeNull();
    expect(document.querySelector('[data-slot="40"]')).not.toBeNull();
    fireEvent.change(bis, { target: { value: '44' } });
    expect(document.querySelector('[data-slot="44"]')).toBeNull();
    expect(von.querySelector<HTMLOptionElement>('option[value="44"]')!.disabled).toBe(true);
    expect(von.querySelector<HTMLOptionElement>('option[value="43"]')!.disabled).toBe(false);
  });

  it('toggles open and closed', async () => {
    open('/scheduling/zeiten?klasse=c1');
    await screen.findByRole('grid');
    const toggle = screen.getByRole('button', { name: 'Seitenleiste ausblenden' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Seitenleiste einblenden' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByLabelText('Von')).toBeNull();
  });
});

describe('step 3: time range', () => {
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

describe('range cookie', () => {
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

describe('unsaved-changes guard', () => {
  it('moves freely between steps without unsaved changes', async () => {
    const app = open('/scheduling/zeiten?klasse=c1');
    await screen.findByRole('grid');
    fireEvent.click(screen.getByRole('button', { name: 'Weiter zu Schritt 3' }));
    await waitFor(() => expect(location(app)).toBe('/scheduling/zeitraum?klasse=c1'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('within scheduling asks only when unsaved; Speichern und fortfahren saves and goes on', async () => {
    const app = open('/scheduling/zeiten?klasse=c1');
    await screen.findByRole('grid');
    clickCell(0, 38);
    fireEvent.click(screen.getByRole('button', { name: 'Weiter zu Schritt 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen' });
    expect(location(app)).toBe('/scheduling/zeiten?klasse=c1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern und fortfahren' }));
    await waitFor(() => expect(location(app)).toBe('/scheduling/zeitraum?klasse=c1'));
    expect(app.fetchMock.callsTo('/api/classes/c1/available-times', 'PUT')).toHaveLength(1);
  });

  it('guards leaving scheduling for another page; Verwerfen drops the edits', async () => {
    const app = open('/scheduling/zeiten?klasse=c1');
    await screen.findByRole('grid');
    clickCell(0, 38);
    fireEvent.click(screen.getByRole('link', { name: 'Deine Kurse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zurück' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location(app)).toBe('/scheduling/zeiten?klasse=c1');
    expect(screen.getByText('Ungespeicherte Änderungen')).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Deine Kurse' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Verwerfen' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/me/classes'));
    expect(app.fetchMock.callsTo('/api/classes/c1/available-times', 'PUT')).toHaveLength(0);
  });

  it('a failing save in the modal keeps the teacher on the page', async () => {
    const app = open('/scheduling/zeiten?klasse=c1');
    await screen.findByRole('grid');
    clickCell(0, 36);
    clickCell(0, 37);
    fireEvent.click(screen.getByRole('link', { name: /Schritt 1: Klasse wählen/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Speichern und fortfahren' }));
    expect(await screen.findByText('Bitte trage mindestens eine Verfügbarkeitszeit ein, um fortzufahren.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location(app)).toBe('/scheduling/zeiten?klasse=c1');
  });

  it('guards unsaved planner changes reported by step 4', async () => {
    const app = open('/scheduling/planen?klasse=c1', { range: { body: EXACT } });
    await screen.findByTestId('planner');
    act(() => plannerProps.at(-1)!.onUnsavedChange!(true));
    fireEvent.click(screen.getByRole('link', { name: 'Deine Kurse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen' });
    // the planner registered no save: 'Speichern und fortfahren' cannot act
    expect((within(dialog).getByRole('button', { name: 'Speichern und fortfahren' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verwerfen' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/me/classes'));
  });

  it("uses the planner's registered save for 'Speichern und fortfahren'", async () => {
    const save = vi.fn(async () => true);
    plannerSave.handler = save;
    const app = open('/scheduling/planen?klasse=c1', { range: { body: EXACT } });
    await screen.findByTestId('planner');
    act(() => plannerProps.at(-1)!.onUnsavedChange!(true));
    fireEvent.click(screen.getByRole('link', { name: 'Deine Kurse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern und fortfahren' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/me/classes'));
    expect(save).toHaveBeenCalledTimes(1);
  });
});
