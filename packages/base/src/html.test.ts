import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.js';

describe('escapeHtml', () => {
  it('escapes the five HTML specials', () => expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;'));

  it('leaves other text, umlauts and an already escaped entity as text', () => {
    expect(escapeHtml('Grüße – „Kurs“')).toBe('Grüße – „Kurs“');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
