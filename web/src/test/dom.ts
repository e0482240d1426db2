// Vitest runs without globals here, so Testing Library cannot register its own cleanup:
// every DOM test file imports this module first.
import { act, cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setApiNavigator } from '../shared/api/client';
import { clearToasts } from '../shared/toast/toast-store';

// findBy*/waitFor wait up to 5 s instead of 1 s: on a busy 2-core CI machine a page's first render
// behind mocked fetches can take longer than a second (a shorter wait only makes such tests flaky).
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout; ScrollRestoration's scrollTo would only log noise.
window.scrollTo = (() => undefined) as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  act(() => clearToasts());
  setApiNavigator(null);
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
