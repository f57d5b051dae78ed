import type { ReactNode } from 'react';

/**
 * A region that scrolls (a wide table on a phone, a list capped in height) and takes the keyboard focus, so it can
 * be scrolled without a pointer (WCAG 2.1.1; axe's scrollable-region-focusable). Named by `label` or by the
 * element `labelledBy` points at.
 */
export function ScrollRegion({
  label,
  labelledBy,
  className,
  busy,
  children,
}: {
  label?: string;
  labelledBy?: string;
  className?: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      className={className}
      aria-label={label}
      aria-labelledby={labelledBy}
      aria-busy={busy}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard.
      tabIndex={0}
    >
      {children}
    </section>
  );
}
