import type { Role } from '@streamdesk/contract/roles';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RoleContext } from '@/lib/access';
import { ActivityHistoryLink } from './activity-history-link';

const asRole = (role: Role | undefined) =>
  render(
    <MemoryRouter>
      <RoleContext value={role}>
        <ActivityHistoryLink feature="ad-units" item="a1" name="Home banner" />
      </RoleContext>
    </MemoryRouter>,
  );

describe('the History link', () => {
  it("opens the Activity screen filtered to the item's feature and id, named with the item", () => {
    asRole('analyst');
    expect(screen.getByRole('link', { name: 'History of Home banner' })).toHaveAttribute(
      'href',
      '/activity?feature=ad-units&item=a1',
    );
  });

  it('is left out for a role that may not read the activity log', () => {
    asRole('editor');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
