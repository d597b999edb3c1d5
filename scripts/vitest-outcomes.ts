import { appendFileSync } from 'node:fs';
import type { Reporter, TestCase } from 'vitest/node';

/**
 * Lists, after Vitest's own summary, each test that failed and each that passed only on its retry (CI
 * retries once: see vitest.config.ts), one line each with the first line of its error. CI's record
 * keeps the end of a run's output: a failure named hundreds of lines above it was lost (stop 41).
 */
export default class OutcomesReporter implements Reporter {
  private failed: string[] = [];
  private flaky: string[] = [];

  onTestCaseResult(test: TestCase) {
    const name = `${test.project.name} ${test.module.relativeModuleId} > ${test.fullName}`;
    const result = test.result();
    if (result.state === 'failed') {
      const message = result.errors?.[0]?.message?.split('\n')[0] ?? '';
      this.failed.push(`${name}: ${message}`);
    } else if (test.diagnostic()?.flaky) {
      this.flaky.push(name);
    }
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
