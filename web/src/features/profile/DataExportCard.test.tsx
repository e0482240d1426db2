import '../../test/dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, STUDENT, TEACHER } from '../../test/render-app';
import { exportFileName } from './DataExportCard';

const PROFILE = { name: 'Felix Müller', email: 'felix@stud.hmtm.de', role: 'student', duration: 45, classes: [] };
const COPY = { format: 'stundenplan-assistent.personal-data.v1', account: { email: 'felix@stud.hmtm.de' } };

/** The text of a saved file (the test DOM's Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

describe('DataExportCard (Meine Daten herunterladen)', () => {
  let saved: { blob: Blob; filename: string }[];
  const originalCreate = URL.createObjectURL;
  const originalRevoke = URL.revokeObjectURL;

  beforeEach(() => {
    saved = [];
    let pending: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      pending = blob;
      return 'blob:copy';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ blob: pending!, filename: this.download });
    });
  });
  afterEach(() => {
    URL.createObjectURL = originalCreate;
    URL.revokeObjectURL = originalRevoke;
    vi.restoreAllMocks();
  });

  it('downloads the copy from GET /api/me/export as a JSON file', async () => {
    const app = renderApp({
      path: '/profile',
      user: STUDENT,
      routes: [
        { path: '/api/profile', reply: { body: PROFILE } },
        { method: 'GET', path: '/api/me/calendar-subscription', reply: { body: { active: false, created_at: null } } },
        { method: 'GET', path: '/api/me/export', reply: { body: COPY } },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Meine Daten herunterladen' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(app.fetchMock.callsTo('/api/me/export', 'GET')).toHaveLength(1);
    expect(saved[0]!.filename).toBe(exportFileName());
    expect(saved[0]!.filename).toMatch(/^meine-daten-\d{4}-\d{2}-\d{2}\.json$/);
    expect(saved[0]!.blob.type).toBe('application/json');
    expect(JSON.parse(await textOf(saved[0]!.blob))).toEqual(COPY);
    expect(await screen.findByText('Deine Daten wurden heruntergeladen.')).toBeTruthy();
  });

  it("shows the server's German reason when the copy is refused, and offers the button to teachers too", async () => {
    renderApp({
      path: '/profile',
      user: TEACHER,
      routes: [
        { path: '/api/profile', reply: { body: { ...PROFILE, role: 'teacher' } } },
        {
          method: 'GET',
          path: '/api/me/export',
          reply: { status: 429, body: { detail: 'Zu viele Datenkopien in kurzer Zeit. Bitte warte einen Moment und versuche es erneut.', wait_time: 60 } },
        },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Meine Daten herunterladen' }));
    expect(await screen.findByText('Zu viele Datenkopien in kurzer Zeit. Bitte warte einen Moment und versuche es erneut.')).toBeTruthy();
    expect(saved).toHaveLength(0);
  });

  it('names the file after the local day', () => {
    expect(exportFileName(new Date(2027, 0, 5, 23, 30))).toBe('meine-daten-2027-01-05.json');
  });
});
