import '../../../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { ANNA, BEN, CARLA, calcAnswer, placementView } from './model/fixtures';
import { CALC, CLASS_ID, renderPlanner, TEACHER_TIMES } from './test-utils';

const ASK = `/api/classes/${CLASS_ID}/members/m-carla/request-times`;
/** Carla confirmed the course (a verified member with an e-mail address): she can be asked by mail. */
const CARLA_VERIFIED = { ...CARLA, student_id: 'u-carla' };

/** Anna on Monday 9:15-9:45 blocks every Monday window of Ben; Carla has no times. */
const ANSWER = calcAnswer([placementView('m-anna', 0, 37, 39)], {
  unscheduled_students: [
    {
      member_id: 'm-ben',
      name: 'Ben Schröder',
      reason: 'Alle passenden Zeitfenster sind belegt',
      fixes: [
        { kind: 'teacher_time', day: 1, start: '16:00', end: '16:45' },
        { kind: 'move_other', member_id: 'm-anna', name: 'Anna Müller', to: { day: 2, start: '14:00', week: null } },
        { kind: 'shorter', duration: 30 },
        { kind: 'student_time', day: 3, start: '10:00', end: '10:45' },
      ],
      fixes_complete: false,
    },
  ],
  skipped_students: [
    {
      member_id: 'm-carla',
      name: 'Carla',
      reason: 'Keine verfügbaren Zeiten eingetragen',
      fixes: [{ kind: 'student_time', day: 0, start: '09:00', end: '10:00' }],
      fixes_complete: true,
    },
  ],
});

const EMPTY_FIXES = calcAnswer([placementView('m-anna', 0, 37, 39)], {
  unscheduled_students: [{ member_id: 'm-ben', name: 'Ben Schröder', reason: 'Alle passenden Zeitfenster sind belegt', fixes: [], fixes_complete: true }],
});

async function calculate() {
  await screen.findByText('Anna M.');
  fireEvent.click(screen.getByRole('button', { name: 'Stundenplan berechnen' }));
  await screen.findByText('Neuer Stundenplan erfolgreich berechnet!');
}

async function openFixes(fullName: string) {
  fireEvent.click(screen.getByRole('button', { name: `Was hilft, damit ${fullName} einen Platz bekommt?` }));
  return screen.findByRole('dialog', { name: `Was hilft bei ${fullName}?` });
}

describe('PlannerStep: "Was hilft?"', { timeout: 30_000 }, () => {
  it('shows each fix in plain German, says when not everything was checked, and the dialog takes the focus', async () => {
    renderPlanner({ members: [ANNA, BEN, CARLA_VERIFIED], routes: [{ method: 'POST', path: CALC, reply: { body: ANSWER } }] });
    await calculate();
    // Only those left out have the button; Anna was placed.
    expect(screen.queryByRole('button', { name: /damit Anna Müller einen Platz/ })).toBeNull();
    const dialog = await openFixes('Ben Schröder');
    const sentences = within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.fixes__sentence')!.textContent);
    expect(sentences).toEqual([
      'Wenn du Di 16:00–16:45 freigibst, passt Ben S. hinein.',
      'Wenn Anna M. auf Mi 14:00 wechselt, passt Ben S. hinein.',
      'Mit 30 Minuten passt Ben S. hinein.',
      'Wenn Ben S. zusätzlich Do 10:00–10:45 Zeit hat, passt Ben S. hinein.',
    ]);
    expect(within(dialog).getByText('Nicht alle Möglichkeiten konnten rechtzeitig geprüft werden. Vielleicht hilft auch etwas, das hier fehlt.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Freigeben und neu berechnen: Dienstag 16:00–16:45 Uhr' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Verschieben: Anna M. auf Mi 14:00' })).toBeTruthy();
    // Ben has not registered and has no e-mail address: no mail button, a plain hint instead.
    expect(within(dialog).queryByRole('button', { name: /^Um weitere Zeiten bitten/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /^Einladung senden/ })).toBeNull();
    expect(
      within(dialog).getByText(
        'Ben Schröder hat sich noch nicht registriert und hat keine E-Mail-Adresse für eine Einladung. Du kannst sie bei den Studierenden der Klasse eintragen.',
      ),
    ).toBeTruthy();
    expect(dialog.contains(document.activeElement)).toBe(true);
    const result = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);

    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Carla: every kind was settled, so no note on what was not checked.
    const carla = await openFixes('Carla');
    expect(within(carla).getByText('Wenn Carla zusätzlich Mo 09:00–10:00 Zeit hat, passt Carla hinein.')).toBeTruthy();
    expect(within(carla).queryByText(/Nicht alle Möglichkeiten/)).toBeNull();
  });

  it("an empty list says 'Keine einzelne Änderung reicht aus.'", async () => {
    renderPlanner({ routes: [{ method: 'POST', path: CALC, reply: { body: EMPTY_FIXES } }] });
    await calculate();
    const dialog = await openFixes('Ben Schröder');
    expect(within(dialog).getByText('Keine einzelne Änderung reicht aus.')).toBeTruthy();
    expect(within(dialog).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('one click on a teacher_time fix adds the window to the teacher’s times and the custom range, then recalculates', async () => {
    const placed = calcAnswer([placementView('m-anna', 0, 37, 39), placementView('m-ben', 1, 64, 67)]);
    const answers = [ANSWER, placed];
    const { fetchMock } = renderPlanner({
      routes: [
        { method: 'POST', path: CALC, reply: () => ({ body: answers.shift() }) },
        { method: 'PUT', path: `/api/classes/${CLASS_ID}/available-times`, reply: (c) => ({ body: c.body }) },
        { method: 'GET', path: `/api/classes/${CLASS_ID}/time-range`, reply: { body: { time_range: TEACHER_TIMES, mode: 'custom', extraMinutes: null } } },
        { method: 'PUT', path: `/api/classes/${CLASS_ID}/time-range`, reply: (c) => ({ body: c.body }) },
      ],
    });
    await calculate();
    const dialog = await openFixes('Ben Schröder');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Freigeben und neu berechnen: Dienstag 16:00–16:45 Uhr' }));
    expect(await screen.findByRole('button', { name: 'Ben Schröder, Dienstag 16:00–16:45 Uhr' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    const times = fetchMock.callsTo(`/api/classes/${CLASS_ID}/available-times`, 'PUT')[0]!.body as { available_times: Record<string, string[]> };
    expect(times.available_times['1']).toEqual(['16.00', '16.15', '16.30']);
    expect(times.available_times['0']).toEqual(TEACHER_TIMES['0']);
    const range = fetchMock.callsTo(`/api/classes/${CLASS_ID}/time-range`, 'PUT')[0]!.body as { time_range: Record<string, string[]>; mode: string };
    expect(range.mode).toBe('custom');
    expect(range.time_range['1']).toEqual(['16.00', '16.15', '16.30']);
    expect(fetchMock.callsTo(CALC)).toHaveLength(2);
    // The visible range now reaches 16:45 (Bis covers the window).
    expect(screen.queryByText('Was hilft?')).toBeNull();
  });

  it('a move_other fix moves the other lesson as a drag would and places the student in the freed window', async () => {
    const { fetchMock } = renderPlanner({ routes: [{ method: 'POST', path: CALC, reply: { body: ANSWER } }] });
    await calculate();
    const dialog = await openFixes('Ben Schröder');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verschieben: Anna M. auf Mi 14:00' }));
    expect(await screen.findByRole('button', { name: 'Anna Müller, Mittwoch 14:00–14:30 Uhr' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ben Schröder, Montag 09:00–09:45 Uhr' })).toBeTruthy();
    expect(await screen.findByText('Anna M. ist jetzt Mittwoch 14:00–14:30 Uhr, Ben S. ist eingeplant.')).toBeTruthy();
    // Only the draft changed: nothing was saved or recalculated.
    expect(fetchMock.calls.filter((c) => c.method !== 'GET').map((c) => c.url)).toEqual([CALC]);
  });

  it('"Um weitere Zeiten bitten" mails the window once; a refusal of the server is shown as it is', async () => {
    const replies = [
      { body: { message: 'Carla wurde per E-Mail gefragt, ob Montag 09:00–10:00 Uhr passt.' } },
      { status: 409, body: { detail: 'Carla hat heute schon eine E-Mail wegen der Zeiten bekommen. Du kannst morgen wieder fragen.' } },
    ];
    const { fetchMock } = renderPlanner({
      members: [ANNA, BEN, CARLA_VERIFIED],
      routes: [
        { method: 'POST', path: CALC, reply: { body: ANSWER } },
        { method: 'POST', path: ASK, reply: () => replies.shift()! },
      ],
    });
    await calculate();
    let dialog = await openFixes('Carla');
    const ask = within(dialog).getByRole('button', { name: 'Um weitere Zeiten bitten: Montag 09:00–10:00 Uhr, E-Mail an Carla' });
    expect(ask.textContent).toBe('Um weitere Zeiten bitten');
    fireEvent.click(ask);
    expect(await within(dialog).findByText('Carla wurde per E-Mail gefragt, ob Montag 09:00–10:00 Uhr passt.')).toBeTruthy();
    expect(fetchMock.callsTo(ASK)[0]!.body).toEqual({ day: 0, start: '09:00', end: '10:00' });
    // Asked once: the button is off while the dialog is open.
    expect((ask as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Schließen' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openFixes('Carla');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Um weitere Zeiten bitten: Montag 09:00–10:00 Uhr, E-Mail an Carla' }));
    expect(await within(dialog).findByText('Carla hat heute schon eine E-Mail wegen der Zeiten bekommen. Du kannst morgen wieder fragen.')).toBeTruthy();
    expect(fetchMock.callsTo(ASK)).toHaveLength(2);
  });
});

describe('PlannerStep: "Was hilft?" for members who cannot be asked by mail', { timeout: 30_000 }, () => {
  it("a member who has not registered yet is called so, and 'Einladung senden' mails the invitation once", async () => {
    const INVITE = `/api/classes/${CLASS_ID}/invite-student`;
    const { fetchMock } = renderPlanner({
      members: [ANNA, { ...BEN, email: 'ben@web.de' }, CARLA],
      routes: [
        { method: 'POST', path: CALC, reply: { body: ANSWER } },
        { method: 'POST', path: INVITE, reply: { body: { message: 'Einladung gesendet' } } },
      ],
    });
    await calculate();
    const dialog = await openFixes('Ben Schröder');
    expect(within(dialog).queryByText(/verifizierte E-Mail-Adresse/)).toBeNull();
    expect(
      within(dialog).getByText(
        'Ben Schröder hat sich noch nicht registriert. Mit einer Einladung kann Ben Schröder sich registrieren und eigene Zeiten eintragen.',
      ),
    ).toBeTruthy();
    const invite = within(dialog).getByRole('button', { name: 'Einladung senden an Ben Schröder (ben@web.de)' });
    expect(invite.textContent).toBe('Einladung senden');
    fireEvent.click(invite);
    expect(await within(dialog).findByText('Einladung an ben@web.de gesendet.')).toBeTruthy();
    expect(fetchMock.callsTo(INVITE)).toHaveLength(1);
    expect(fetchMock.callsTo(INVITE)[0]!.body).toEqual({ member_id: 'm-ben', email: 'ben@web.de' });
    expect((invite as HTMLButtonElement).disabled).toBe(true);
  });

  it('a registered member who has not confirmed the course keeps the hint on the e-mail address', async () => {
    renderPlanner({
      members: [ANNA, { ...BEN, user_id: 'u-ben', email: 'ben@stud.de' }, CARLA],
      routes: [{ method: 'POST', path: CALC, reply: { body: ANSWER } }],
    });
    await calculate();
    const dialog = await openFixes('Ben Schröder');
    expect(within(dialog).getByText('Ben Schröder hat keine verifizierte E-Mail-Adresse und kann nicht per E-Mail gefragt werden.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /^Einladung senden/ })).toBeNull();
  });
});
