import '../../test/dom';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import type { MockReply } from '../../test/fetch-mock';

async function openStatement(reply: MockReply = { status: 200, body: { message: 'ok' } }) {
  const app = renderApp({ path: '/barrierefreiheit', routes: [{ method: 'POST', path: '/api/contact', reply }] });
  await screen.findByRole('heading', { level: 1, name: 'Erklärung zur Barrierefreiheit' });
  return app;
}

const form = () => screen.getByRole('form', { name: 'Barriere melden' });

describe('AccessibilityPage (/barrierefreiheit)', () => {
  it('states the conformance, the known limitations and the date of the last check', async () => {
    await openStatement();
    for (const heading of ['Stand der Vereinbarkeit', 'Bekannte Einschränkungen', 'Erstellung dieser Erklärung', 'Barriere melden', 'Schlichtungsverfahren']) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeTruthy();
    }
    expect(screen.getByText(/ist teilweise mit der Barrierefreie-Informationstechnik-Verordnung \(BITV 2\.0\)/)).toBeTruthy();
    expect(screen.getByText('Diese Erklärung wurde zuletzt am 27. November 2026 geprüft.')).toBeTruthy();
    expect(document.title).toBe('Erklärung zur Barrierefreiheit – Stundenplan-Assistent');
  });

  it('sends a report through the contact channel, marked as a barrier report', async () => {
    const app = await openStatement();
    fireEvent.change(within(form()).getByLabelText(/Wo bist du auf die Barriere gestoßen/), { target: { value: ' Deine Zeiten ' } });
    fireEvent.change(within(form()).getByLabelText(/Beschreibung/), { target: { value: 'Die Felder haben keine Beschriftung.' } });
    fireEvent.change(within(form()).getByLabelText('Name'), { target: { value: 'Max Muster' } });
    fireEvent.change(within(form()).getByLabelText('E-Mail'), { target: { value: 'Max@Example.org' } });
    fireEvent.click(within(form()).getByRole('button', { name: 'Barriere melden' }));

    expect(await screen.findAllByText('Vielen Dank für deine Nachricht! Wir melden uns schnellstmöglich bei dir.')).not.toHaveLength(0);
    expect(app.fetchMock.callsTo('/api/contact', 'POST')[0]!.body).toEqual({
      type: 'bug',
      name: 'Max Muster',
      email: 'max@example.org',
      subject: 'Barriere melden: Deine Zeiten',
      message: 'Die Felder haben keine Beschriftung.',
    });
  });

  it('marks empty fields and sends nothing', async () => {
    const app = await openStatement();
    fireEvent.click(within(form()).getByRole('button', { name: 'Barriere melden' }));
    expect(await screen.findByText('Bitte fülle alle Felder aus.')).toBeTruthy();
    expect(within(form()).getAllByText('Bitte fülle dieses Feld aus.')).toHaveLength(4);
    expect(app.fetchMock.callsTo('/api/contact', 'POST')).toHaveLength(0);
  });

  it('locks the report after 429 like the contact form', async () => {
    await openStatement({
      status: 429,
      body: { detail: 'Du hast zu viele Nachrichten gesendet. Bitte warte, bevor du eine weitere Nachricht sendest.', wait_time: 600 },
    });
    fireEvent.change(within(form()).getByLabelText(/Wo bist du/), { target: { value: 'Login' } });
    fireEvent.change(within(form()).getByLabelText(/Beschreibung/), { target: { value: 'Fokus unsichtbar.' } });
    fireEvent.change(within(form()).getByLabelText('Name'), { target: { value: 'Max Muster' } });
    fireEvent.change(within(form()).getByLabelText('E-Mail'), { target: { value: 'max@example.org' } });
    fireEvent.click(within(form()).getByRole('button', { name: 'Barriere melden' }));
    expect(await screen.findByText('Du kannst in 10 Minuten wieder eine Nachricht senden.')).toBeTruthy();
    expect((within(form()).getByRole('button', { name: 'Barriere melden' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
