import { createContext, useContext } from 'react';
import { mayCall, refusal, type Access, type Feature, type Role } from '@streamdesk/contract/roles';

/** The Team list's query key: shared, as one's own two-step change (Account) shows in it too. */
export const teamKey = ['team'] as const;

/**
 * What the signed-in person may do, asked the one way every screen uses: the contract's `mayCall` on the
 * role from `GET /api/admin/me` (`me-query.ts`). The shell puts the role in `RoleContext`; write controls (`Button`,
 * `Toggle`, row menus) take a `write` feature and disable themselves with the refusal as their tooltip.
 * While the role is not known yet (or `me` failed) nothing is held back: the server's guard still
 * refuses, with the same words. See docs/decisions/0022-team-roles.md.
 */
export const RoleContext = createContext<Role | undefined>(undefined);

/** Whether the signed-in person may read or change a feature; undefined while that is not known yet. */
export function useMay(feature: Feature, access: Access): boolean | undefined {
  const role = useContext(RoleContext);
  return role && mayCall(role, feature, access);
}

/** Why the signed-in person may not change `feature` ("Editors cannot change the controller"), or undefined when they may. */
export const writeRefusal = (role: Role | undefined, feature: Feature | undefined): string | undefined =>
  role && feature && !mayCall(role, feature, 'write') ? refusal(role, feature, 'write') : undefined;

export function useWriteRefusal(feature: Feature | undefined): string | undefined {
  return writeRefusal(useContext(RoleContext), feature);
}
