// Guards leaving a page with unsaved edits (docs/product/times.md "Unsaved changes"): router navigations (link
// clicks, back button, programmatic) through react-router's useBlocker, tab close and reload
// through beforeunload. One guard per page: a router supports a single blocker at a time.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { useBlocker, type Location } from 'react-router-dom';
import { SESSION_QUERY_KEY } from '../session/SessionProvider';
import { UnsavedChangesDialog } from './UnsavedChangesDialog';

export interface UnsavedChangesGuardOptions {
  /** True while there are unsaved changes. */
  when: boolean;
  /** Persists the changes; resolves true when saved (then the navigation goes on). */
  onSave?: () => Promise<boolean>;
  /** Drops the changes; called right before the navigation goes on. */
  onDiscard?: () => void;
  /**
   * Narrows which navigations are guarded (default: every change of path or query string).
   * Logged-out navigations (logout, expired session) are never guarded.
   */
  shouldBlock?: (current: Location, next: Location) => boolean;
  /** 'Speichern und fortfahren' is disabled with this hint when onSave is missing. */
  saveHint?: string;
}

export interface UnsavedChangesGuard {
  /** Render this once; it is the modal while a navigation waits. */
  dialog: ReactElement;
  /** True while a navigation is held. */
  blocked: boolean;
}

export function useUnsavedChangesGuard({ when, onSave, onDiscard, shouldBlock, saveHint }: UnsavedChangesGuardOptions): UnsavedChangesGuard {
  const queryClient = useQueryClient();
  const latest = useRef({ when, onSave, onDiscard, shouldBlock });
  latest.current = { when, onSave, onDiscard, shouldBlock };
  const [saving, setSaving] = useState(false);

  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }: { currentLocation: Location; nextLocation: Location }) => {
        const { when: dirty, shouldBlock: filter } = latest.current;
        if (!dirty) return false;
        // Logout and the expired-session flow clear the session first: nothing can be saved then.
        if (!queryClient.getQueryData(SESSION_QUERY_KEY)) return false;
        if (currentLocation.pathname === nextLocation.pathname && currentLocation.search === nextLocation.search) return false;
        return filter ? filter(currentLocation, nextLocation) : true;
      },
      [queryClient],
    ),
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their own "leave page?" prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  const blocked = blocker.state === 'blocked';

  const save = async () => {
    const persist = latest.current.onSave;
    if (!persist) return;
    setSaving(true);
    let ok: boolean;
    try {
      ok = await persist();
    } catch {
      ok = false;
    } finally {
      setSaving(false);
    }
    if (blocker.state !== 'blocked') return;
    if (ok) blocker.proceed();
    else blocker.reset();
  };

  const discard = () => {
    latest.current.onDiscard?.();
    if (blocker.state === 'blocked') blocker.proceed();
  };

  const back = () => {
    if (blocker.state === 'blocked') blocker.reset();
  };

  const dialog = (
    <UnsavedChangesDialog open={blocked} saving={saving} canSave={!!onSave} saveHint={saveHint} onSave={() => void save()} onDiscard={discard} onBack={back} />
  );
  return { dialog, blocked };
}
