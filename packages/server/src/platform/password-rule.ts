import { passwordStrength, weakPasswordRefusal } from '@streamdesk/contract/password-strength';
import { badRequest } from './errors.js';

/**
 * Refuses a new password that is too easy to guess (zxcvbn, the rule of the web app's meter), naming
 * `field`; the person's name and email count as easy guesses. Every place a password is set checks it.
 */
export async function requireStrongPassword(
  field: string,
  password: string,
  person: { name: string; email: string },
) {
  const strength = await passwordStrength(password, [person.name, person.email]);
  if (!strength.strongEnough) throw badRequest(`${field}: ${weakPasswordRefusal(strength)}`);
}
