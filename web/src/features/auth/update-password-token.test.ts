import { describe, expect, it } from 'vitest';
import { readResetToken, stripResetTokenFromUrl } from './update-password-token';

describe('reset token', () => {
  it('reads the token from the hash first, then from the query', () => {
    expect(readResetToken({ hash: '#token=abc&type=recovery', search: '' })).toBe('abc');
    expect(readResetToken({ hash: '', search: '?token=def' })).toBe('def');
    expect(readResetToken({ hash: '#token=h', search: '?token=q' })).toBe('h');
    expect(readResetToken({ hash: '', search: '' })).toBeNull();
    expect(readResetToken({ hash: '#token=', search: '' })).toBeNull();
  });

  it('removes only the token from the address bar', () => {
    window.history.replaceState({ keep: 1 }, '', '/update-password?token=abc&x=1#token=def&type=recovery');
    stripResetTokenFromUrl();
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/update-password?x=1#type=recovery');
    expect(window.history.state).toEqual({ keep: 1 });
  });
});
