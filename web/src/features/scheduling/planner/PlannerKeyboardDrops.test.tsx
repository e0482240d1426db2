import '../../../test/dom';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { key, lessonOf, liveTexts, pickUp, renderKeyboardPlanner } from './keyboard-test-utils';
import { tick } from './test-utils';

describe('PlannerStep: keyboard drops that ask or are refused', { timeout: 30_000 }, () => {
  it("dropping outside the student's times asks 'Verfügbarkeit überschreiben?': Abbrechen keeps the plan, Eintragen places", async () => {
    await renderKeyboardPlanner();
    await pickUp('Anna M.');
    await key('Home'); // Monday 8.00: not in Anna's own times
    expect(document.querySelector('.drop-preview--warn')).not.toBeNull();
    await key('Space');
    let dialog = await screen.findByRole('dialog', { name: 'Verfügbarkeit überschreiben?' });
    expect(within(dialog).getByText('Anna Müller ist zu dieser Zeit (Montag 08:00–08:30 Uhr) nicht verfügbar.')).toBeTruthy();
    expect(within(dialog).getByText('Trotzdem eintragen?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(lessonOf('m-anna')).toBeNull();

    await pickUp('Anna M.');
    await key('Home');
    await key('Space');
    dialog = await screen.findByRole('dialog', { name: 'Verfügbarkeit überschreiben?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eintragen' }));
    const lesson = await screen.findByRole('button', { name: 'Anna Müller, Montag 08:00–08:30 Uhr' });
    // Placed where the student has no time: the warning tooltip of the SPEC.
    expect(within(lesson).getByRole('img', { name: 'Student*in hat zu dieser Zeit eigentlich keine Zeit' })).toBeTruthy();
  });

  it("cancelling the override dialog after a keyboard drop says 'nicht abgelegt', not 'abgelegt'", async () => {
    await renderKeyboardPlanner();
    await pickUp('Anna M.');
    await key('Home'); // Monday 8.00: not in Anna's own times
    await key('Space');
    const dialog = await screen.findByRole('dialog', { name: 'Verfügbarkeit überschreiben?' });
    expect(liveTexts()).not.toContain('Anna Müller abgelegt.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await tick();
    expect(lessonOf('m-anna')).toBeNull();
    expect(liveTexts()).toContain('Anna Müller nicht abgelegt.');
    expect(liveTexts()).not.toContain('Anna Müller abgelegt.');

    // Confirmed, the drop took place and says so.
    await pickUp('Anna M.');
    await key('Home');
    await key('Space');
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Verfügbarkeit überschreiben?' })).getByRole('button', { name: 'Eintragen' }));
    await screen.findByRole('button', { name: /^Anna Müller, Montag 08:00–08:30 Uhr/ });
    expect(liveTexts()).toContain('Anna Müller abgelegt.');
  });

  it("refuses a keyboard drop onto another lesson: says 'nicht abgelegt' and why", async () => {
    await renderKeyboardPlanner();
    await pickUp('Anna M.');
    await key('Space'); // Monday 10.00
    await screen.findByRole('button', { name: 'Anna Müller, Montag 10:00–10:30 Uhr' });
    await pickUp('Ben S.');
    await key('Home');
    for (let i = 0; i < 8; i++) await key('ArrowDown'); // Monday 10.00, Anna's lesson
    expect(document.querySelector('.drop-preview--bad')).not.toBeNull();
    await key('Space');
    expect(liveTexts()).toContain('Ben Schröder nicht abgelegt.');
    expect(liveTexts()).not.toContain('Ben Schröder abgelegt.');
    expect(await screen.findByText('Dieser Zeitraum ist bereits belegt (Anna Müller).')).toBeTruthy();
    expect(lessonOf('m-ben')).toBeNull();
  });
});
