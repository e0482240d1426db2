import { WeekSlots } from '@stundenplan/timegrid';
import { afterEach, describe, expect, it } from 'vitest';
import { sameTimes, timesOf } from './preferred/preferred-times';
import { clearDraft, draftKey, readDraft, writeDraft } from './unsaved-draft';

describe('unsaved student times in sessionStorage', () => {
  afterEach(() => window.sessionStorage.clear());

  it('keeps the draft (available and preferred) per account and gives it back unchanged', () => {
    const times = timesOf({ '0': ['9.00', '9.15'], '3': ['14.30'] }, { '0': ['9.15'] });
    writeDraft(draftKey('Anna@Example.org'), times);

    const back = readDraft(draftKey('anna@example.org'));
    expect(back && sameTimes(back, times)).toBe(true);
    expect(back?.preferred.toTimesMap()).toEqual({ '0': ['9.15'] });
    expect(readDraft(draftKey('ben@example.org'))).toBeNull();
  });

  it('reads a draft of the older form (a plain times map) as available times without preferences', () => {
    const key = draftKey('anna@example.org');
    window.sessionStorage.setItem(key!, JSON.stringify({ '2': ['10.00'] }));
    const back = readDraft(key);
    expect(back?.available.equals(WeekSlots.fromTimesMap({ '2': ['10.00'] }))).toBe(true);
    expect(back?.preferred.isEmpty()).toBe(true);
  });

  it('forgets the draft when cleared and ignores broken entries', () => {
    const key = draftKey('anna@example.org');
    writeDraft(key, timesOf({ '1': ['8.00'] }));
    clearDraft(key);
    expect(readDraft(key)).toBeNull();

    window.sessionStorage.setItem(key!, '{not json');
    expect(readDraft(key)).toBeNull();
    expect(readDraft(null)).toBeNull();
  });
});
