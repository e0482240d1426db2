import '../../../test/dom';
import { fireEvent, render } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { timesOf, type PaintMode, type WeekTimes } from './preferred-times';
import { TimesPaintGrid } from './TimesPaintGrid';

function Harness({ mode, initial, onTimes }: { mode: PaintMode; initial: WeekTimes; onTimes: (t: WeekTimes) => void }) {
  const [times, setTimes] = useState(initial);
  return (
    <TimesPaintGrid
      label="Zeiten"
      times={times}
      mode={mode}
      interaction="two-tap"
      range={{ start: 32, end: 40 }}
      onChange={(next) => {
        setTimes(next);
        onTimes(next);
      }}
    />
  );
}

const cell = (day: number, slot: number) => document.querySelector<HTMLElement>(`[data-day="${day}"][data-slot="${slot}"]`)!;

describe('TimesPaintGrid on a phone (two taps)', () => {
  it("two taps in 'preferred' mode paint a preferred rectangle that also becomes available", () => {
    let last: WeekTimes | null = null;
    render(<Harness mode="preferred" initial={timesOf({ '0': ['8.00'] })} onTimes={(t) => (last = t)} />);
    fireEvent.click(cell(0, 33), { detail: 1 });
    fireEvent.click(cell(1, 34), { detail: 1 });
    expect(last!.preferred.toTimesMap()).toEqual({ '0': ['8.15', '8.30'], '1': ['8.15', '8.30'] });
    expect(last!.available.toTimesMap()).toEqual({ '0': ['8.00', '8.15', '8.30'], '1': ['8.15', '8.30'] });
    expect(cell(0, 32).getAttribute('aria-label')).toBe('Montag 08:00, verfügbar');
    expect(cell(0, 33).getAttribute('aria-selected')).toBe('true');
  });

  it("two taps in 'available' mode that clear slots clear their preference too", () => {
    let last: WeekTimes | null = null;
    render(<Harness mode="available" initial={timesOf({ '0': ['8.00', '8.15'] }, { '0': ['8.15'] })} onTimes={(t) => (last = t)} />);
    expect(cell(0, 33).getAttribute('aria-label')).toBe('Montag 08:15, bevorzugt');
    fireEvent.click(cell(0, 33), { detail: 1 });
    fireEvent.click(cell(0, 33), { detail: 1 });
    expect(last!.available.toTimesMap()).toEqual({ '0': ['8.00'] });
    expect(last!.preferred.isEmpty()).toBe(true);
  });
});
