// docs/product/accounts.md: once a name has two words, suggest vorname.nachname@<institution domain>.
import { nameWords, normaliseDomain } from './registration-validation';

const UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/** Lower-cases and transliterates ä→ae, ö→oe, ü→ue, ß→ss; other accents lose their mark. */
export function transliterate(word: string): string {
  return word
    .toLowerCase()
    .replace(/[äöüß]/g, (ch) => UMLAUTS[ch] ?? ch)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9-]/g, '');
}

/** First and last word of the name; null without two words or without a domain. */
export function suggestEmail(name: string, domain: string | null | undefined): string | null {
  const words = nameWords(name);
  const cleanDomain = normaliseDomain(domain);
  if (words.length < 2 || !cleanDomain) return null;
  const first = transliterate(words[0]!);
  const last = transliterate(words[words.length - 1]!);
  if (!first || !last) return null;
  return `${first}.${last}@${cleanDomain}`;
}
