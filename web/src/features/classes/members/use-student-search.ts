// docs/product/classes.md Student search: the add-row's entry searches registered students 500 ms after the last
// keystroke; an answer to an older entry is dropped.
import { useEffect, useRef, useState } from 'react';
import { isAbortError } from '../../../shared/api/client';
import { classesApi, type StudentSearchResult } from '../classes-api';
import { MEMBER_MESSAGES } from '../messages';
import { checkSearchQuery } from '../validation';

/** docs/product/limits.md: the student search waits 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;

type SearchState = { status: 'idle' } | { status: 'hint'; text: string } | { status: 'loading' } | { status: 'done'; results: StudentSearchResult[] };

/** What the note under the entry says about the search, if anything. */
function searchNote(search: SearchState): string | null {
  if (search.status === 'hint') return search.text;
  if (search.status === 'loading') return 'Suche…';
  if (search.status === 'done' && search.results.length === 0) return MEMBER_MESSAGES.noStudentsFound;
  return null;
}

export function useStudentSearch(email: string, picked: StudentSearchResult | null) {
  const [search, setSearch] = useState<SearchState>({ status: 'idle' });
  const lastResults = useRef<StudentSearchResult[]>([]);
  const searchSeq = useRef(0);

  useEffect(() => {
    const entry = email.trim().toLowerCase();
    if (!entry) {
      setSearch({ status: 'idle' });
      return;
    }
    if (picked && picked.email.toLowerCase() === entry) return;
    // No search when the entry already matches a listed result.
    if (lastResults.current.some((r) => r.email.toLowerCase() === entry)) return;
    const timer = setTimeout(() => {
      const check = checkSearchQuery(entry);
      if (!check.ok) {
        setSearch({ status: 'hint', text: check.error });
        return;
      }
      const seq = ++searchSeq.current;
      setSearch({ status: 'loading' });
      classesApi
        .searchStudents(check.query)
        .then((results) => {
          if (seq !== searchSeq.current) return;
          lastResults.current = results;
          setSearch({ status: 'done', results });
        })
        .catch((error: unknown) => {
          if (seq !== searchSeq.current || isAbortError(error)) return;
          setSearch({ status: 'idle' });
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [email, picked]);

  /** Ends the search: a running request's answer is dropped; `forget` also drops the listed results. */
  const stop = (forget: boolean) => {
    searchSeq.current++;
    if (forget) lastResults.current = [];
    setSearch({ status: 'idle' });
  };
  return { results: search.status === 'done' ? search.results : [], note: searchNote(search), stop };
}
