// The expanded class of /me/classes: toggled by its row, or chosen by ?selectClass=<uuid> and scrolled to.
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isUuid } from '../class-queries';
import type { ClassDto } from '../classes-api';

interface ClassesAnswer {
  isPending: boolean;
  isSuccess: boolean;
  data: ClassDto[] | undefined;
}

export function useSelectedClass(query: ClassesAnswer) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [expanded, setExpanded] = useState<string | null>(null);
  const [scrollTo, setScrollTo] = useState<string | null>(null);
  const rowRefs = useRef(new Map<string, HTMLTableRowElement>());

  // docs/product/classes.md: ?selectClass=<uuid> expands that class and is then removed; invalid or unknown values are just removed.
  const selectClass = searchParams.get('selectClass');
  const { isPending, isSuccess, data } = query;
  useEffect(() => {
    if (selectClass === null) return;
    const valid = isUuid(selectClass);
    if (valid && isPending) return;
    if (valid && isSuccess) {
      const hit = data?.find((c) => c.class_id.toLowerCase() === selectClass.toLowerCase());
      if (hit) {
        setExpanded(hit.class_id);
        setScrollTo(hit.class_id);
      }
    }
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('selectClass');
        return next;
      },
      { replace: true },
    );
  }, [selectClass, isPending, isSuccess, data, setSearchParams]);

  useEffect(() => {
    if (!scrollTo) return;
    // No scrolling animation for those who asked their system for less motion.
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    rowRefs.current.get(scrollTo)?.scrollIntoView?.({ block: 'start', behavior: reduceMotion ? 'auto' : 'smooth' });
    setScrollTo(null);
  }, [scrollTo]);

  /** The ref callback of a class's row (for scrolling to it). */
  const rowRef = (classId: string) => (el: HTMLTableRowElement | null) => {
    if (el) rowRefs.current.set(classId, el);
    else rowRefs.current.delete(classId);
  };
  return { expanded, setExpanded, rowRef };
}
