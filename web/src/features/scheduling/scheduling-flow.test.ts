import { describe, expect, it } from 'vitest';
import { autoStep, STEP_WARNINGS, stepAccess, stepFromPath, stepPath } from './scheduling-flow';

describe('automatic jump after choosing a class (docs/product/planning.md)', () => {
  it.each([
    [{ hasTimes: true, hasRangeMode: true }, 4],
    [{ hasTimes: true, hasRangeMode: false }, 3],
    [{ hasTimes: false, hasRangeMode: false }, 2],
    [{ hasTimes: false, hasRangeMode: true }, 2],
  ] as const)('%j -> step %i', (facts, step) => {
    expect(autoStep(facts)).toBe(step);
  });
});

describe('access rules', () => {
  const all = { hasClass: true, hasTimes: true, hasRangeMode: true };

  it('step 1 is always open', () => {
    expect(stepAccess(1, { hasClass: false, hasTimes: false, hasRangeMode: false })).toBeNull();
  });

  it('step 2 needs a class', () => {
    expect(stepAccess(2, { ...all, hasClass: false })).toBe(STEP_WARNINGS.noClass);
    expect(stepAccess(2, { hasClass: true, hasTimes: false, hasRangeMode: false })).toBeNull();
  });

  it('step 3 needs at least one teacher time', () => {
    expect(stepAccess(3, { ...all, hasTimes: false })).toBe(STEP_WARNINGS.noTimes);
    expect(stepAccess(3, { ...all, hasRangeMode: false })).toBeNull();
  });

  it('step 4 needs a set range mode (and everything before)', () => {
    expect(stepAccess(4, { ...all, hasRangeMode: false })).toBe(STEP_WARNINGS.noRange);
    expect(stepAccess(4, { ...all, hasTimes: false })).toBe(STEP_WARNINGS.noTimes);
    expect(stepAccess(4, { ...all, hasClass: false })).toBe(STEP_WARNINGS.noClass);
    expect(stepAccess(4, all)).toBeNull();
  });
});

describe('step paths', () => {
  it('maps paths to steps and back', () => {
    expect(stepFromPath('/scheduling')).toBe(1);
    expect(stepFromPath('/scheduling/')).toBe(1);
    expect(stepFromPath('/scheduling/zeiten')).toBe(2);
    expect(stepFromPath('/scheduling/zeitraum')).toBe(3);
    expect(stepFromPath('/scheduling/planen')).toBe(4);
    expect(stepFromPath('/scheduling/irgendwas')).toBeNull();
    expect(stepPath(2, 'c 1')).toBe('/scheduling/zeiten?klasse=c%201');
    expect(stepPath(1, 'c1')).toBe('/scheduling');
    expect(stepPath(4, null)).toBe('/scheduling/planen');
  });
});
