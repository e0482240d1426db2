import './week-grid.css';

export interface GridLegendItem {
  kind: 'on' | 'off' | 'disabled' | 'highlight' | 'marked' | 'busy';
  label: string;
}

/** Colour key under a WeekGrid. */
export function GridLegend({ items }: { items: GridLegendItem[] }) {
  return (
    <ul className="wg-legend" aria-label="Legende">
      {items.map((item) => (
        <li key={item.kind + item.label}>
          <span className={`wg-swatch wg-swatch--${item.kind}`} aria-hidden="true" />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
