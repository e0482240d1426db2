import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.js';

describe('scrypt passwords', () => {
  it('hashes with a per-user salt and verifies', async () => {
    const a = await hashPassword('geheim123');
    const b = await hashPassword('geheim123');
    expect(a).not.toBe(b);
    expect(await verifyPassword('geheim123', a)).toBe(true);
    expect(await verifyPassword('geheim124', a)).toBe(false);
  });

  it('never matches a malformed stored hash', async () => {
    for (const stored of ['', 'plain', 'scrypt$1$2$3', 'bcrypt$16384$8$1$c2FsdA$aGFzaA', 'scrypt$x$8$1$c2FsdA$aGFzaA']) {
      expect(await verifyPassword('geheim123', stored)).toBe(false);
    }
  });

  it('treats composed and decomposed umlauts alike (NFC)', async () => {
    const h = await hashPassword('Grüße123');
    expect(await verifyPassword('Gru\u0308ße123', h)).toBe(true);
  });
});
