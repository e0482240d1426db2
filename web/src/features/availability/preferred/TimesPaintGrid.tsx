import { WeekGrid, type WeekGridProps } from '../grid/WeekGrid';
import { withAvailable, withPreferred, type PaintMode, type WeekTimes } from './preferred-times';

export const CELL_LABELS = { preferred: 'bevorzugt', available: 'verfügbar' } as const;

type GridProps = Omit<WeekGridProps, 'value' | 'onChange' | 'marked' | 'markedLabel' | 'base' | 'baseLabel'>;

/**
 * The week grid over both layers: in 'available' mode strokes paint available times (preferred
 * ones shown on top), in 'preferred' mode they paint preferred times over the available ones.
 */
export function TimesPaintGrid({
  times,
  mode,
  onChange,
  className,
  ...grid
}: GridProps & { times: WeekTimes; mode: PaintMode; /** Without it the grid is read-only. */ onChange?: ((next: WeekTimes) => void) | undefined }) {
  if (mode === 'preferred') {
    return (
      <WeekGrid
        {...grid}
        className={className ? `wg--paint-marked ${className}` : 'wg--paint-marked'}
        value={times.preferred}
        onChange={onChange && ((next) => onChange(withPreferred(times, next)))}
        onLabel={CELL_LABELS.preferred}
        clearedLabel="nicht bevorzugt"
        base={times.available}
        baseLabel={CELL_LABELS.available}
      />
    );
  }
  return (
    <WeekGrid
      {...grid}
      {...(className ? { className } : {})}
      value={times.available}
      onChange={onChange && ((next) => onChange(withAvailable(times, next)))}
      marked={times.preferred}
      markedLabel={CELL_LABELS.preferred}
    />
  );
}
