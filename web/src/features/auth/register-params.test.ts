import { describe, expect, it } from 'vitest';
import { parseRegisterParams } from './register-params';

describe('parseRegisterParams', () => {
  it('reads a plain shortcut', () => {
    expect(parseRegisterParams('sonne-mond-stern', '')).toEqual({ shortcut: 'sonne-mond-stern', memberId: null });
  });

  it('reads memberId from the &memberId= suffix of the parameter', () => {
    expect(parseRegisterParams('sonne-mond-stern&memberId=abc', '')).toEqual({ shortcut: 'sonne-mond-stern', memberId: 'abc' });
  });

  it('falls back to the memberId query parameter', () => {
    expect(parseRegisterParams('sonne-mond-stern', '?memberId=xyz')).toEqual({ shortcut: 'sonne-mond-stern', memberId: 'xyz' });
  });

  it('has neither without a parameter', () => {
    expect(parseRegisterParams(undefined, '')).toEqual({ shortcut: null, memberId: null });
  });
});
