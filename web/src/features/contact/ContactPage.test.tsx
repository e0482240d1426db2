import '../../test/dom';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import type { MockReply } from '../../test/fetch-mock';
import { waitMinutes } from './contact-lock';

async function fillAndOpen(reply: MockReply | (() => MockReply)) {
  const app = renderApp({ path: '/contact', routes: [{ method: 'POST', path: '/api/contact', reply }] });
  await screen.findByRole('heading', { name: 'Kontakt' });
  fireEvent.change(screen.getByLabelText('Art der Nachricht'), { target: { value: 'bug' } });
  fireEvent.change(screen.getByLabelText('Betreff'), { target: { value: ' Absturz ' } });
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Max Muster' } });
  fireEvent.change(screen.getByLabelText('E-Mail'), { target: { value: 'Max@Example.org' } });
  fireEvent.change(screen.getByLabelText('Nachricht'), { target: { value: 'Beim Speichern passiert nichts.' } });
  return app;
}

const submitButton = () => screen.getByRole('button', { name: /Nachricht senden/ }) as HTMLButtonElement;

async function flush() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

describe('ContactPage', () => {
  it('sends all fields and thanks the sender', async () => {
    const app = await fillAndOpen({ status: 200, body: { message: 'ok' } });
    fireEvent.click(submitButton());

    expect(await screen.findAllByText('Vielen Dank für deine Nachricht! Wir melden uns schnellstmöglich bei dir.')).not.toHaveLength(0);
    expect(app.fetchMock.callsTo('/api/contact', 'POST')[0]!.body).toEqual({
      type: 'bug',
      name: 'Max Muster',
      email: 'max@example.org',
      subject: 'Absturz',
      message: 'Beim Speichern passiert nichts.',
    });
    expect((screen.getByLabelText('Betreff') as HTMLInputElement).value).toBe('');
  });

  it('shows the generic failure text for other errors', async () => {
    await fillAndOpen({ status: 500, body: { detail: 'boom' } });
    fireEvent.click(submitButton());
    expect(await screen.findByText('Es gab einen Fehler beim Senden deiner Nachricht. Bitte versuche es später erneut.')).toBeTruthy();
  });

  it('locks the form after 429 for wait_time, shown in whole minutes', async () => {
    const app = await fillAndOpen({ status: 429, body: { detail: 'Zu viele Nachrichten.', wait_time: 90 } });
    vi.useFakeTimers();
    fireEvent.click(submitButton());
    await flush();
    await flush();

    expect(screen.getByText('Zu viele Nachrichten.')).toBeTruthy();
    expect(screen.getByText(/in 2 Minuten wieder/)).toBeTruthy();
    expect(submitButton().disabled).toBe(true);

    fireEvent.submit(submitButton().closest('form')!);
    await flush();
    expect(app.fetchMock.callsTo('/api/contact')).toHaveLength(1);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(31_000);
    });
    expect(screen.getByText(/in 1 Minute wieder/)).toBeTruthy();
    expect(submitButton().disabled).toBe(true);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(screen.queryByText('Zu viele Nachrichten.')).toBeNull();
    expect(submitButton().disabled).toBe(false);
  });

  it('keeps the name to the 50 characters the service accepts (docs/product/limits.md)', async () => {
    await fillAndOpen({ status: 200, body: {} });
    expect((screen.getByLabelText('Name') as HTMLInputElement).maxLength).toBe(50);
    expect((screen.getByLabelText('E-Mail') as HTMLInputElement).maxLength).toBe(100);
  });

  it('refuses an address the service would refuse instead of failing with the generic text', async () => {
    const app = await fillAndOpen({ status: 400, body: { detail: 'Bitte gib eine gültige E-Mail-Adresse ein.' } });
    fireEvent.change(screen.getByLabelText('E-Mail'), { target: { value: 'max@example' } });
    fireEvent.click(submitButton());

    expect(await screen.findByText('Bitte gib eine gültige E-Mail-Adresse ein.')).toBeTruthy();
    expect(screen.queryByText('Es gab einen Fehler beim Senden deiner Nachricht. Bitte versuche es später erneut.')).toBeNull();
    expect(app.fetchMock.callsTo('/api/contact')).toHaveLength(0);
  });

  it('rounds the wait up to whole minutes', () => {
    expect(waitMinutes(60)).toBe(1);
    expect(waitMinutes(61)).toBe(2);
    expect(waitMinutes(150)).toBe(3);
  });
});
