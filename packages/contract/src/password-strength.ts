import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * How hard a password is to guess, by zxcvbn's estimate (0 to 4), so the My account page's meter and the
 * server's refusal read one rule. The dictionaries weigh about 1 MB: they load on the first check, never
 * with the module, so neither the web app's main bundle nor the server's start-up carries them.
 */
export const PASSWORD_SCORE_MIN = 3;
export const passwordScoreLabels = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;
export const passwordWeakMessage = 'This password is too easy to guess';

export interface PasswordStrength {
  score: 0 | 1 | 2 | 3 | 4;
  label: (typeof passwordScoreLabels)[number];
  /** What makes it weak ("This is similar to a commonly used password."), when zxcvbn names it. */
  warning: string | undefined;
  suggestions: string[];
  strongEnough: boolean;
}

let checker: Promise<ZxcvbnFactory> | undefined;

function loadChecker(): Promise<ZxcvbnFactory> {
  checker ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
        translations: en.translations,
      }),
  );
  return checker;
}

/** `userInputs` (the person's name and email) count as easy guesses too. */
export async function passwordStrength(
  password: string,
  userInputs: string[] = [],
): Promise<PasswordStrength> {
  const { score, feedback } = (await loadChecker()).check(password, userInputs);
  return {
    score,
    label: passwordScoreLabels[score],
    warning: feedback.warning ?? undefined,
    suggestions: feedback.suggestions,
    strongEnough: score >= PASSWORD_SCORE_MIN,
  };
}

/** The refusal of a weak password: the rule and, when zxcvbn names it, why. */
export const weakPasswordRefusal = (strength: PasswordStrength) =>
  strength.warning ? `${passwordWeakMessage}: ${strength.warning}` : passwordWeakMessage;
