import { passwordScoreLabels, type PasswordStrength } from '@streamdesk/contract/password-strength';
import { cn } from '@/lib/cn';

const barColours = ['bg-red-500', 'bg-red-500', 'bg-amber-500', 'bg-emerald-500', 'bg-emerald-600'];

/** Four bars and a word for zxcvbn's score (0 to 4), with what would make the password stronger. */
export function PasswordMeter({ strength }: { strength: PasswordStrength | undefined }) {
  const score = strength?.score ?? 0;
  const label = strength ? strength.label : 'Not rated yet';
  return (
    <div className="space-y-1">
      <div
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={passwordScoreLabels.length - 1}
        aria-valuenow={score}
        aria-valuetext={label}
        className="flex gap-1"
      >
        {[1, 2, 3, 4].map((bar) => (
          <span
            key={bar}
            className={cn(
              'h-1.5 flex-1 rounded-full',
              strength && score >= bar ? barColours[score] : 'bg-slate-200',
            )}
          />
        ))}
      </div>
      <p className="text-xs text-slate-600" aria-live="polite">
        Strength: <span className="font-medium text-slate-800">{label}</span>
        {strength?.warning && <> · {strength.warning}</>}
        {strength && !strength.strongEnough && strength.suggestions[0] && <> {strength.suggestions[0]}</>}
      </p>
    </div>
  );
}
