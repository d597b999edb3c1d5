import { useMemo, useRef } from 'react';
import { brokenImageProblem, type WholeImageRule } from '@/lib/file-kind';

/**
 * Reads a picked image whole, as the server will (docs/decisions/0004-media-urls.md), after the picker's
 * quick checks of type and size: an image of another kind under a fitting name, or a cut-off or damaged one,
 * is found at pick time instead of after its upload. Reading takes a few ms for 1 MB, so the picker keeps the
 * file meanwhile (a submit at once still sends it, and the server has the last word). Only the latest pick
 * counts: a later pick, or `forget`, drops an earlier one's result. The returned object is stable for a rule.
 */
export function useWholeImageCheck(rule: WholeImageRule | undefined) {
  const picks = useRef(0);
  return useMemo(
    () => ({
      /**
       * Starts the check of a pick (`null`: none, or one the quick checks refused); `onBroken` gets the
       * server's message when the file is not a whole image of the rule's kinds and it is still the latest.
       */
      check(file: File | null, onBroken: (message: string) => void) {
        const pickNo = ++picks.current;
        if (!file || !rule) return;
        void brokenImageProblem(file, rule).then((broken) => {
          if (broken && pickNo === picks.current) onBroken(broken);
        });
      },
      forget() {
        picks.current++;
      },
    }),
    [rule],
  );
}
