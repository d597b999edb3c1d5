import { describe, expect, it } from 'vitest';
import { passwordStrength, passwordWeakMessage } from '@streamdesk/contract/password-strength';
import { teamMessages } from '@streamdesk/contract/team';
import { newPasswordProblem, passwordsDifferMessage } from './password-check';

describe('newPasswordProblem', () => {
  it('refuses a short password first, then an easy one, then a repeat that differs', async () => {
    const short = 'k3#Lq9';
    expect(newPasswordProblem(short, short, await passwordStrength(short))).toBe(
      teamMessages.passwordTooShort,
    );
    const common = 'password1234';
    expect(newPasswordProblem(common, common, await passwordStrength(common))).toBe(
      `${passwordWeakMessage}: This is similar to a commonly used password.`,
    );
    const good = 'violet harbour tractor';
    expect(newPasswordProblem(good, 'violet harbour', await passwordStrength(good))).toBe(
      passwordsDifferMessage,
    );
    expect(newPasswordProblem(good, good, await passwordStrength(good))).toBeUndefined();
  });

  it("counts the person's own name and email as easy guesses", async () => {
    const own = 'ana.analyst@example.com';
    expect((await passwordStrength(own)).strongEnough).toBe(true);
    expect((await passwordStrength(own, ['Ana Analyst', own])).strongEnough).toBe(false);
  });

  it('lets the server decide while the estimator has not loaded', () => {
    expect(newPasswordProblem('password1234', 'password1234', undefined)).toBeUndefined();
  });
});
