import '../../../test/dom';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calcRoute, calculate, CREATE } from './save-test-utils';
import { CLASS_ID, renderPlanner } from './test-utils';

/** docs/product/documents.md "Sending schedules": whom the send dialog mails, and how many. */
const PREVIEW = `/api/classes/${CLASS_ID}/send-preview`;

function routes(preview: { all: number; changed: number; sent_before: boolean }, answer: Record<string, unknown>) {
  return [
    calcRoute,
    { method: 'POST', path: '/api/export-pdf-alternative', reply: { body: '%PDF-1.4 fake' } },
    { method: 'POST', path: CREATE, reply: { status: 201, body: { id: 'new-id', name: 'Versand' } } },
    { method: 'POST', path: PREVIEW, reply: { body: preview } },
    { method: 'POST', path: '/api/send-schedule-to-students', reply: { body: answer } },
  ];
}

async function openSendDialog() {
  await calculate();
  fireEvent.click(screen.getByRole('button', { name: 'Stundenplan versenden' }));
  const dialog = await screen.findByRole('dialog', { name: 'Stundenplan speichern und versenden' });
  fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Versand' } });
  return dialog;
}

describe('send dialog: only the changed students or all', { timeout: 30_000 }, () => {
  it('shows both counts, mails only the changed ones by default and sends recipients=changed', async () => {
    const { fetchMock } = renderPlanner({ routes: routes({ all: 5, changed: 1, sent_before: true }, { recipient_count: 1, message: 'x' }) });
    const dialog = await openSendDialog();
    const changed = await within(dialog).findByRole('radio', { name: 'Nur wessen Stunden sich geändert haben (1 Studierende*r)' });
    const all = within(dialog).getByRole('radio', { name: 'An alle (5 Studierende)' });
    expect((changed as HTMLInputElement).checked).toBe(true);
    expect((all as HTMLInputElement).checked).toBe(false);
    // The plan on screen is what the counts compare.
    const asked = fetchMock.callsTo(PREVIEW)[0]!.body as { lessons: { member_id: string }[] };
    expect(asked.lessons.length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern und versenden' }));
    expect(await screen.findByText('Stundenplan gespeichert und an 1 Studierende*n gesendet.')).toBeTruthy();
    expect((fetchMock.callsTo('/api/send-schedule-to-students')[0]!.body as FormData).get('recipients')).toBe('changed');
  });

  it("'An alle' sends recipients=all; the notice names those the daily limit per recipient left out", async () => {
    const { fetchMock } = renderPlanner({ routes: routes({ all: 5, changed: 0, sent_before: true }, { recipient_count: 3, skipped_count: 2, message: 'x' }) });
    const dialog = await openSendDialog();
    expect(await within(dialog).findByText('Seit dem letzten Versand hat sich an keiner Stunde etwas geändert.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'An alle (5 Studierende)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern und versenden' }));
    expect(
      await screen.findByText(
        'Stundenplan gespeichert und an 3 Studierende gesendet. 2 Studierende bekommen heute keine E-Mail mehr: An ihre Adressen wurden heute schon zu viele E-Mails geschickt.',
      ),
    ).toBeTruthy();
    expect((fetchMock.callsTo('/api/send-schedule-to-students')[0]!.body as FormData).get('recipients')).toBe('all');
  });

  it('the first sending has nothing to choose: everyone gets the mail', async () => {
    const { fetchMock } = renderPlanner({ routes: routes({ all: 4, changed: 4, sent_before: false }, { recipient_count: 4, message: 'x' }) });
    const dialog = await openSendDialog();
    expect(await within(dialog).findByText('Der Plan geht zum ersten Mal hinaus: 4 Studierende bekommen eine E-Mail.')).toBeTruthy();
    expect(within(dialog).queryByRole('radio', { name: /An alle/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern und versenden' }));
    expect(await screen.findByText('Stundenplan gespeichert und an 4 Studierende gesendet.')).toBeTruthy();
    expect((fetchMock.callsTo('/api/send-schedule-to-students')[0]!.body as FormData).get('recipients')).toBe('all');
  });
});
