/** docs/product/limits.md: loading lists show this many placeholder rows. */
export const LOADING_PLACEHOLDER_ROWS = 4;

export interface ShimmerRowsProps {
  rows?: number;
  columns: number;
}

/** Placeholder table rows with a shimmer; render inside a <tbody>. */
export function ShimmerRows({ rows = LOADING_PLACEHOLDER_ROWS, columns }: ShimmerRowsProps) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        <tr key={r} className="shimmer-row" aria-hidden="true" data-testid="shimmer-row">
          {Array.from({ length: columns }, (_, c) => (
            <td key={c}>
              <span className="shimmer" style={{ width: `${55 + ((r * 7 + c * 13) % 40)}%` }} />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}
