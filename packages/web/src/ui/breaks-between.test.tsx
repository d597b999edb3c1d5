import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BreaksBetween } from './breaks-between';

describe('BreaksBetween', () => {
  it('reads as its parts joined by spaces, each part held on one line', () => {
    const { container } = render(
      <p>
        <BreaksBetween parts={['for 08/12/2026', '19:00:00', '(Asia/Kolkata)']} />
      </p>,
    );
    const p = container.querySelector('p')!;
    expect(p.textContent).toBe('for 08/12/2026 19:00:00 (Asia/Kolkata)');
    const parts = Array.from(p.children);
    expect(parts.map((part) => part.textContent)).toEqual(['for 08/12/2026', '19:00:00', '(Asia/Kolkata)']);
    for (const part of parts) expect(part).toHaveClass('whitespace-nowrap');
  });
});
