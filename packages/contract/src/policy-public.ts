/**
 * What the public site needs of the policy, without zod (the site bundle stays small): the reader's
 * path and the reply's data shape. policy.ts builds the route from the same constant.
 */
export const POLICY_PUBLIC_PATH = '/api/App/policy';

export interface PublicPolicy {
  policy_title: string;
  policy_description: string;
  updatedAt: string | null;
}
