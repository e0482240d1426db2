import { useId } from 'react';

/** The brand mark: a note on staff lines in a rounded square. */
export function Logo({ size = 40, className, title }: { size?: number; className?: string; title?: string }) {
  const titleId = useId();
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role={title ? 'img' : undefined}
      aria-labelledby={title ? titleId : undefined}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      {title && <title id={titleId}>{title}</title>}
      <rect width="64" height="64" rx="14" fill="#1f3358" />
      <g stroke="#e9dfc7" strokeWidth="2" opacity="0.5">
        <path d="M12 22h40M12 32h40M12 42h40" />
      </g>
      <ellipse cx="28" cy="44" rx="7.5" ry="5.5" transform="rotate(-20 28 44)" fill="#d4a94f" />
      <path d="M34.6 42V14c2 5 10 7 10 15" fill="none" stroke="#d4a94f" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
