import { useBottomBarOffset } from '../../../shared/ui/use-bottom-bar-offset';

/** The two-tap hint, fixed at the bottom; toasts rise above it so 'Abbrechen' stays reachable. */
export function TapHint({ text, onCancel }: { text: string; onCancel: () => void }) {
  const ref = useBottomBarOffset<HTMLDivElement>();
  return (
    <div ref={ref} className="wg-tap-hint" role="status">
      <span>{text}</span>
      <button type="button" className="btn btn--ghost btn--sm" onClick={onCancel}>
        Abbrechen
      </button>
    </div>
  );
}
