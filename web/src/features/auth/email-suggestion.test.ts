import { describe, expect, it } from 'vitest';
import { suggestEmail, transliterate } from './email-suggestion';

describe('suggestEmail', () => {
  it('builds vorname.nachname@domain from the first and last word', () => {
    expect(suggestEmail('Anna Maria Schmidt', 'stud.hmtm.de')).toBe('anna.schmidt@stud.hmtm.de');
  });

  it('transliterates umlauts and ß', () => {
    expect(suggestEmail('Jörg Weiß', 'hmtm.de')).toBe('joerg.weiss@hmtm.de');
    expect(suggestEmail('Ülrike Ärger-Öztürk', 'hmtm.de')).toBe('uelrike.aerger-oeztuerk@hmtm.de');
    expect(transliterate('ÄÖÜäöüß')).toBe('aeoeueaeoeuess');
  });

  it('drops other accents and apostrophes', () => {
    expect(suggestEmail("René O'Neill", 'x.de')).toBe('rene.oneill@x.de');
  });

  it('strips a leading @ from the institution domain', () => {
    expect(suggestEmail('Anna Schmidt', '@Stud.HMTM.de')).toBe('anna.schmidt@stud.hmtm.de');
  });

  it('suggests nothing for one word or without a domain', () => {
    expect(suggestEmail('Anna', 'hmtm.de')).toBeNull();
    expect(suggestEmail('Anna Schmidt', null)).toBeNull();
    expect(suggestEmail('Anna Schmidt', '')).toBeNull();
  });
});
