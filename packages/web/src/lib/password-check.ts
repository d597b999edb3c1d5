import type { PasswordStrength } from '@streamdesk/contract/password-strength';
import { weakPasswordRefusal } from '@streamdesk/contract/password-strength';
import { PASSWORD_MIN, teamMessages } from '@streamdesk/contract/team';

export const passwordsDifferMessage = 'The two new passwords are not the same';
/** The new-password field's hint, wherever a password is set. */
export const newPasswordHint = `At least ${PASSWORD_MIN} characters, hard to guess: a few uncommon words work well.`;

/**
 * What stops a new password before it is sent, in the order a person fixes them: its length, how easy
 * it is to guess (the meter's estimate, undefined while the estimator loads: the server checks anyway),
 * then the repeat. The server refuses the first two with the same words.
 */
export function newPasswordProblem(
  password: string,
  repeat: string,
  strength: PasswordStrength | undefined,
): string | undefined {
  if (password.length < PASSWORD_MIN) return teamMessages.passwordTooShort;
  if (strength && !strength.strongEnough) return weakPasswordRefusal(strength);
  if (password !== repeat) return passwordsDifferMessage;
  return undefined;
}
