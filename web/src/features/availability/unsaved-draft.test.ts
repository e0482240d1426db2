import { WeekSlots } from '@stundenplan/timegrid';
import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, draftKey, readDraft, writeDraft } from './unsaved-draft';

describe('unsaved student times in sessionStorage', () => {
  afterEach(() => window.sessionStorage.clear());

  it('keeps the draft per account and gives it back unchanged', () => {
    const week = WeekSlots.fromTimesMap({ '0': ['9.00', '9.15'], '3': ['14.30'] });
    writeDraft(draftKey('Anna@Example.org'), week);

    expect(readDraft(draftKey('anna@example.org'))?.equals(week)).toBe(true);
    expect(readDraft(draftKey('ben@example.org'))).toBeNull();
  });

  it('forgets the draft when cleared and ignores broken entries', () => {
    const key = draftKey('anna@example.org');
    writeDraft(key, WeekSlots.fromTimesMap({ '1': ['8.00'] }));
    clearDraft(key);
    expect(readDraft(key)).toBeNull();

    window.sessionStorage.setItem(key!, '{not json');
    expect(readDraft(key)).toBeNull();
    expect(readDraft(null)).toBeNull();
  });
});
