// /scheduling: step 1, the automatic jump, the access rules and the sidebar.
import '../../test/dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXACT, location, open, plannerProps, resetSchedulingTest, TIMES } from './scheduling-test-utils';

vi.mock('./planner/PlannerStep', async () => (await import('./scheduling-test-utils')).plannerStepStub());

afterEach(resetSchedulingTest);

describe('step 1 and the automatic jump', { timeout: 30_000 }, () => {
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

describe('access rules', { timeout: 30_000 }, () => {
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

describe('sidebar', { timeout: 30_000 }, () => {
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
