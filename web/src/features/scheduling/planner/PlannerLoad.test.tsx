import '../../../test/dom';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CLASS_ID, renderPlanner } from './test-utils';

const SAVED = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Plan Oktober',
  description: 'Erste Woche',
  class_id: CLASS_ID,
  created_at: '2025-10-01T10:00:00.000Z',
  updated_at: '2025-10-01T10:00:00.000Z',
};
const OLDER = { ...SAVED, id: '22222222-2222-4222-8222-222222222222', name: 'Plan September', created_at: '2025-09-01T10:00:00.000Z' };

describe('PlannerStep: loading, hover, shading and the PDF', { timeout: 30_000 }, () => {
  it('loads the latest saved schedule on mount, with its pinned lesson and name', async () => {
    const { fetchMock, onUnsavedChange } = renderPlanner({
      schedules: [OLDER, SAVED],
      routes: [
        {
          method: 'GET',
          path: `/api/schedules/${SAVED.id}`,
          reply: {
            body: {
              ...SAVED,
              available_times: {
                '0': [
                  ['10.00', 'm-anna'],
                  ['10.15', 'm-anna'],
                ],
                '1': [],
                '2': [],
                '3': [],
                '4': [],
                '5': [],
                '6': [],
              },
              pinned: ['m-anna'],
            },
          },
        },
      ],
    });
    const lesson = await screen.findByRole('button', { name: 'Anna Müller, Montag 10:00–10:30 Uhr, fixiert' });
    expect(lesson.getAttribute('data-lesson-rows')).toBe('2');
    expect(fetchMock.callsTo(`/api/schedules/${OLDER.id}`)).toHaveLength(0);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Plan Oktober');
    expect(onUnsavedChange).not.toHaveBeenLastCalledWith(true);
  });

  it("shows a mismatching entry as 'ERROR: ...' with the missing-data tooltip", async () => {
    renderPlanner({
      schedules: [SAVED],
      routes: [{ method: 'GET', path: `/api/schedules/${SAVED.id}`, reply: { body: { ...SAVED, available_times: { '3': [['9.00', 'ghost']] }, pinned: [] } } }],
    });
    expect(await screen.findByText('ERROR: Unbekannte*r Student*in')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: 'Fehler: Fehlende Studentendaten' }).length).toBeGreaterThan(0);
  });

  it("load failure: 'Laden fehlgeschlagen: ...'", async () => {
    renderPlanner({
      schedules: [SAVED],
      routes: [{ method: 'GET', path: `/api/schedules/${SAVED.id}`, reply: { status: 500, body: { detail: 'Datenbank weg' } } }],
    });
    expect(await screen.findByText('Laden fehlgeschlagen: Datenbank weg')).toBeTruthy();
  });

  it('hovering a student highlights their chosen times after 300 ms', async () => {
    renderPlanner();
    const panel = (await screen.findByText('Ben S.')).closest('.student-panel__main') as HTMLElement;
    const cell = () => document.querySelector('[data-cell="1:32"]') as HTMLElement; // Ben: Tuesday 8.00
    vi.useFakeTimers();
    fireEvent.pointerEnter(panel);
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(cell().className).not.toContain('grid-cell--highlight');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(cell().className).toContain('grid-cell--highlight');
    expect(screen.getByText('Zeiten von Ben S.')).toBeTruthy();
    fireEvent.pointerLeave(panel);
    act(() => {
      vi.advanceTimersByTime(50);
    });
    expect(cell().className).not.toContain('grid-cell--highlight');
    vi.useRealTimers();
  });

  it('shades free cells by the number of unplaced students who could take them', async () => {
    renderPlanner();
    await screen.findByText('Anna M.');
    // Monday 9.00: Ben (teacher-entered 9.00-10.15, 45 min) fits; Anna uses her own times (10.00-11.00).
    expect(document.querySelector('[data-cell="0:36"]')!.getAttribute('title')).toBe('1 nicht eingeplante Studierende*r hätte hier Zeit');
    expect(document.querySelector('[data-cell="0:40"]')!.getAttribute('title')).toBe('2 nicht eingeplante Studierende hätten hier Zeit');
    expect(document.querySelector('[data-cell="4:40"]')!.getAttribute('title')).toBeNull();
  });

  it("PDF without lessons: 'Kein Stundenplan zum Exportieren vorhanden.'", async () => {
    const { fetchMock } = renderPlanner();
    await screen.findByText('Anna M.');
    fireEvent.click(screen.getByRole('button', { name: 'PDF herunterladen' }));
    expect(await screen.findByText('Kein Stundenplan zum Exportieren vorhanden.')).toBeTruthy();
    expect(fetchMock.callsTo('/api/export-pdf-alternative')).toHaveLength(0);
  });
});
