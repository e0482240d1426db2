import { useId } from 'react';
import type { PaintMode } from './preferred-times';
import './preferred.css';

export const PAINT_MODE_TEXTS = {
  legend: 'Markieren als',
  available: 'Verfügbar',
  preferred: 'Bevorzugt',
  hintAvailable: 'Markiere alle Zeiten, zu denen du kannst.',
  hintPreferred: 'Markiere, wann du am liebsten Unterricht hättest. Bevorzugte Zeiten sind immer auch verfügbar.',
} as const;

/** The two paint modes of the week grid as a radio group (arrow keys switch, like any radio group). */
export function PaintModeSwitch({ value, onChange }: { value: PaintMode; onChange: (mode: PaintMode) => void }) {
  const name = useId();
  const options: { mode: PaintMode; label: string }[] = [
    { mode: 'available', label: PAINT_MODE_TEXTS.available },
    { mode: 'preferred', label: PAINT_MODE_TEXTS.preferred },
  ];
  return (
    <fieldset className="paint-mode">
      <legend className="paint-mode__legend">{PAINT_MODE_TEXTS.legend}</legend>
      <div className="paint-mode__options">
        {options.map((o) => (
          <label key={o.mode} className={`paint-mode__option paint-mode__option--${o.mode}${value === o.mode ? ' is-checked' : ''}`}>
            <input type="radio" name={name} value={o.mode} checked={value === o.mode} onChange={() => onChange(o.mode)} />
            <span className={`wg-swatch wg-swatch--${o.mode === 'available' ? 'on' : 'marked'}`} aria-hidden="true" />
            {o.label}
          </label>
        ))}
      </div>
      <p className="paint-mode__hint">{value === 'available' ? PAINT_MODE_TEXTS.hintAvailable : PAINT_MODE_TEXTS.hintPreferred}</p>
    </fieldset>
  );
}
