import { useEffect, useState } from 'react';
import { passwordStrength, type PasswordStrength } from '@streamdesk/contract/password-strength';

/**
 * zxcvbn's estimate of `password`, undefined while it is empty or the estimator loads (its dictionaries,
 * about 840 kB gzipped, are their own chunks, fetched when this page first rates a password).
 */
export function usePasswordStrength(password: string, userInputs: string[]): PasswordStrength | undefined {
  const [strength, setStrength] = useState<PasswordStrength>();
  const inputs = userInputs.join('\n');
  useEffect(() => {
    if (!password) {
      setStrength(undefined);
      return;
    }
    let current = true;
    void passwordStrength(password, inputs.split('\n').filter(Boolean)).then(
      (result) => current && setStrength(result),
    );
    return () => {
      current = false;
    };
  }, [password, inputs]);
  return password ? strength : undefined;
}
