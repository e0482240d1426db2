import '../../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockRoute } from '../../test/fetch-mock';
import { renderApp, TEACHER } from '../../test/render-app';
import { ANNA, CLASS_A_ID, classesRoute, membersRoute, noLinksRoute, toastsOf } from './test-fixtures';

const RULES_URL = `/api/classes/${CLASS_A_ID}/lesson-rules`;
const DEFAULTS = { cancel_notice_hours: 24, makeup_weeks: 4, swaps_need_approval: false };
const NONE = { first_day: null, last_day: null, state: null, breaks: [], holidays: [] };

async function openRules(extra: MockRoute[]) {
  const app = renderApp({
    path: `/me/classes?selectClass=${CLASS_A_ID}`,
    user: TEACHER,
    routes: [
      ...extra,
      { method: 'GET', path: `/api/classes/${CLASS_A_ID}/semester`, reply: { body: NONE } },
      { method: 'GET', path: `/api/classes/${CLASS_A_ID}/lessons`, reply: { body: { lessons: [] } } },
      { method: 'GET', path: `/api/classes/${CLASS_A_ID}/makeups`, reply: { body: { makeups: [] } } },
      classesRoute(),
      membersRoute([ANNA]),
      noLinksRoute,
    ],
  });
  const section = await screen.findByTestId(`semester-${CLASS_A_ID}`);
  // Nothing is asked for before the section is opened.
  expect(app.fetchMock.callsTo(RULES_URL)).toEqual([]);
  fireEvent.click(within(section).getByText('Semester'));
  const rules = within(await screen.findByRole('region', { name: 'Regeln für Absagen und Nachholtermine' }));
  return { app, rules };
}

describe('LessonRulesForm (the class’s rules in the semester section)', () => {
  it('shows the rules in force with German labels and help, and saves the changed ones with PUT', async () => {
    let stored: object = DEFAULTS;
    const { app, rules } = await openRules([
      { method: 'GET', path: RULES_URL, reply: () => ({ body: stored }) },
      {
        method: 'PUT',
        path: RULES_URL,
        reply: (call) => {
          stored = call.body as object;
          return { body: { ...stored, message: 'Die Regeln für Absagen, Nachholtermine und Tausch sind gespeichert.' } };
        },
      },
    ]);
    const notice = await rules.findByLabelText<HTMLInputElement>('Absagefrist in Stunden');
    const weeks = rules.getByLabelText<HTMLInputElement>('Nachholfrist in Wochen');
    const approval = rules.getByLabelText<HTMLInputElement>('Tausche brauchen meine Zustimmung');
    expect([notice.value, weeks.value, approval.checked]).toEqual(['24', '4', false]);
    expect(notice.getAttribute('aria-describedby')).toBeTruthy();
    expect(rules.getByText(/Bei einer späteren Absage fällt der Termin ersatzlos aus/)).toBeTruthy();
    expect(rules.getByText(/So viele Wochen nach dem ausgefallenen Termin/)).toBeTruthy();

    fireEvent.change(notice, { target: { value: '48' } });
    fireEvent.change(weeks, { target: { value: '6' } });
    fireEvent.click(approval);
    fireEvent.click(rules.getByRole('button', { name: 'Regeln speichern' }));
    await waitFor(() => expect(app.fetchMock.callsTo(RULES_URL, 'PUT')).toHaveLength(1));
    expect(app.fetchMock.callsTo(RULES_URL, 'PUT')[0]!.body).toEqual({ cancel_notice_hours: 48, makeup_weeks: 6, swaps_need_approval: true });
    await waitFor(() => expect(toastsOf('success')).toContain('Die Regeln für Absagen, Nachholtermine und Tausch sind gespeichert.'));
    expect(rules.getByLabelText<HTMLInputElement>('Absagefrist in Stunden').value).toBe('48');
  }, 15_000);

  it('refuses numbers out of range in German at the field and sends nothing', async () => {
    const { app, rules } = await openRules([{ method: 'GET', path: RULES_URL, reply: { body: DEFAULTS } }]);
    const notice = await rules.findByLabelText<HTMLInputElement>('Absagefrist in Stunden');
    fireEvent.change(notice, { target: { value: '400' } });
    fireEvent.change(rules.getByLabelText('Nachholfrist in Wochen'), { target: { value: '' } });
    fireEvent.click(rules.getByRole('button', { name: 'Regeln speichern' }));
    expect(await rules.findByText('Bitte gib die Absagefrist als ganze Zahl von 0 bis 336 Stunden an.')).toBeTruthy();
    expect(rules.getByText('Bitte gib die Nachholfrist als ganze Zahl von 1 bis 26 Wochen an.')).toBeTruthy();
    expect(notice.getAttribute('aria-invalid')).toBe('true');
    expect(app.fetchMock.callsTo(RULES_URL, 'PUT')).toEqual([]);
    // Fixed: the messages go and the rules are sent.
    fireEvent.change(notice, { target: { value: '0' } });
    fireEvent.change(rules.getByLabelText('Nachholfrist in Wochen'), { target: { value: '26' } });
    expect(rules.queryByText(/Bitte gib die Absagefrist/)).toBeNull();
  });

  it('shows the server’s German refusal in the form and a failed load with „Erneut versuchen“', async () => {
    let fail = true;
    const { rules } = await openRules([
      {
        method: 'GET',
        path: RULES_URL,
        reply: () => (fail ? { status: 500, body: { detail: 'Die Regeln konnten nicht geladen werden.' } } : { body: DEFAULTS }),
      },
      {
        method: 'PUT',
        path: RULES_URL,
        reply: { status: 400, body: { detail: 'Die Nachholfrist (makeup_weeks) muss eine ganze Zahl von 1 bis 26 Wochen sein.' } },
      },
    ]);
    const retry = await rules.findByRole('button', { name: 'Erneut versuchen' });
    expect(rules.getByRole('alert').textContent).toContain('Die Regeln konnten nicht geladen werden.');
    fail = false;
    fireEvent.click(retry);
    fireEvent.click(await rules.findByRole('button', { name: 'Regeln speichern' }));
    const alert = await rules.findByRole('alert');
    expect(alert.textContent).toContain('Die Nachholfrist (makeup_weeks) muss eine ganze Zahl von 1 bis 26 Wochen sein.');
  });
});
