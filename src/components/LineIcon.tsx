// A line icon drawn in the text's colour (a 24-unit box, round ends and joins),
// hidden from screen readers: its button or link says what it does.
import type { ReactNode } from 'react';

export function LineIcon({
  children,
  className,
  strokeWidth = 2,
  size,
}: {
  children: ReactNode;
  className?: string;
  strokeWidth?: number;
  /** In pixels; without it the stylesheet sizes the icon. */
  size?: number;
}) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      aria-hidden="true"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}
