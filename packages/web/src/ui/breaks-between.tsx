import { Fragment } from 'react';

/**
 * Text that wraps only between its parts, each part kept on one line: a narrow table cell breaks
 * 'Starts 08/12/2026 19:00:00' between the day and the time, not inside 'Starts 08/12/2026' or
 * '(Asia/Kolkata)'. The text reads as the parts joined by spaces.
 */
export function BreaksBetween({ parts }: { parts: readonly string[] }) {
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 && ' '}
      <span className="whitespace-nowrap">{part}</span>
    </Fragment>
  ));
}
