import { parseTimesText, type ParseTimesTextResult } from '@stundenplan/timegrid';
import { useCallback, useEffect, useState } from 'react';

/** docs/product/limits.md: the times text is parsed 500 ms after the last keystroke. */
export const TIMES_PARSE_DEBOUNCE_MS = 500;

export interface ParsedText {
  text: string;
  result: ParseTimesTextResult;
}

/**
 * A times text field with its debounced parse result. `current()` parses the text as it is now
 * (saving never waits for the debounce); `replace()` sets text and result at once.
 */
export function useParsedTimesText(initial: string) {
  const [text, setText] = useState(initial);
  const [parsed, setParsed] = useState<ParsedText>(() => ({ text: initial, result: parseTimesText(initial) }));

  useEffect(() => {
    if (parsed.text === text) return;
    const timer = setTimeout(() => setParsed({ text, result: parseTimesText(text) }), TIMES_PARSE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, parsed.text]);

  const current = useCallback((): ParseTimesTextResult => {
    if (parsed.text === text) return parsed.result;
    const now = { text, result: parseTimesText(text) };
    setParsed(now);
    return now.result;
  }, [parsed, text]);

  const replace = useCallback((next: string) => {
    setText(next);
    setParsed({ text: next, result: parseTimesText(next) });
  }, []);

  return { text, setText, parsed, pending: parsed.text !== text, current, replace };
}
