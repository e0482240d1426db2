import { WeekSlots } from '@stundenplan/timegrid';
import { describe, expect, it } from 'vitest';
import { timesBody, timesOf, withAvailable, withPreferred } from './preferred-times';

describe('available and preferred times edited together', () => {
  const times = timesOf({ '0': ['9.00', '9.15', '9.30'] }, { '0': ['9.15'] });

  it('painting a preferred slot that is not available makes it available too', () => {
    const next = withPreferred(times, WeekSlots.fromTimesMap({ '0': ['9.15'], '1': ['10.00'] }));
    expect(next.available.toTimesMap()).toEqual({ '0': ['9.00', '9.15', '9.30'], '1': ['10.00'] });
    expect(next.preferred.toTimesMap()).toEqual({ '0': ['9.15'], '1': ['10.00'] });
  });

  it('removing an available slot removes its preference', () => {
    const next = withAvailable(times, WeekSlots.fromTimesMap({ '0': ['9.00'] }));
    expect(next.preferred.isEmpty()).toBe(true);
  });

  it('loads preferred times cut to the available ones and sends both', () => {
    const loaded = timesOf({ '0': ['9.00'] }, { '0': ['9.00', '12.00'] });
    expect(timesBody(loaded)).toEqual({ available_times: { '0': ['9.00'] }, preferred_times: { '0': ['9.00'] } });
  });
});
