import { appendFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase, TestResult } from 'vitest/node';

/**
 * Lists, after Vitest's own summary, each test that failed and each that passed only on its retry (CI
 * retries once: see vitest.config.ts), one line each with the first line of its error and where it was
 * thrown (a retried test's error is its failed try's, which Vitest keeps). CI's record keeps the end of a
 * run's output: a failure named hundreds of lines above it was lost (stop 41); a flaky test's cause was
 * never printed at all.
 */
export default class OutcomesReporter implements Reporter {
  private failed: string[] = [];
  private flaky: string[] = [];

  onTestCaseResult(test: TestCase) {
    const name = `${test.project.name} ${test.module.relativeModuleId} > ${test.fullName}`;
    const result = test.result();
    if (result.state === 'failed') this.failed.push(`${name}: ${firstError(result.errors)}`);
    else if (test.diagnostic()?.flaky) this.flaky.push(`${name}: ${firstError(result.errors)}`);
  }

  onTestRunEnd() {
    const lines = [
      ...(this.flaky.length
        ? [`Passed on their retry (${this.flaky.length}):`, ...this.flaky.map((l) => `  ~ ${l}`)]
        : []),
      ...(this.failed.length
        ? [`Failed (${this.failed.length}):`, ...this.failed.map((l) => `  x ${l}`)]
        : []),
    ];
    if (!lines.length) return;
    console.log(`\n${lines.join('\n')}`);
    // scripts/test.mjs prints them once more after the browser suite, at the end of `npm test`.
    if (process.env.VITEST_OUTCOMES_FILE)
      appendFileSync(process.env.VITEST_OUTCOMES_FILE, `${lines.join('\n')}\n`);
  }
}

/** The first line of a test's first error, and the file and line that threw it, where Vitest parsed them. */
function firstError(errors: TestResult['errors']): string {
  const error = errors?.[0];
  const message = error?.message?.split('\n')[0] ?? '';
  const at = error?.stacks?.[0];
  return at ? `${message} (${path.basename(at.file)}:${at.line})` : message;
}
