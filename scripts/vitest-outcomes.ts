import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { Reporter, TestCase, TestResult } from 'vitest/node';

/**
 * Lists, after Vitest's own summary, each test that failed and each that passed only on its retry (CI
 * retries once: see vitest.config.ts), one line each with the first line of its error and where it was
 * thrown (a retried test's error is its failed try's, which Vitest keeps). CI's record keeps the end of a
 * run's output: a failure named hundreds of lines above it was lost (stop 41); a flaky test's cause was
 * never printed at all. Under an assertion's line, the lines of its diff that differ: "expected { …(21) } to
 * match object { state: … }" said which assertion, not what the value was (a flaky processing test, ci-48).
 */
export default class OutcomesReporter implements Reporter {
  private failed: string[] = [];
  private flaky: string[] = [];

  onTestCaseResult(test: TestCase) {
    const name = `${test.project.name} ${test.module.relativeModuleId} > ${test.fullName}`;
    const result = test.result();
    const said = [`${name}: ${firstError(result.errors)}`, ...differing(result.errors)].join('\n      ');
    if (result.state === 'failed') this.failed.push(said);
    else if (test.diagnostic()?.flaky) this.flaky.push(said);
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

/** The most lines of a diff printed under its test. */
const DIFF_LINES = 8;

/** The lines of the first error's diff that differ (`-` expected, `+` received), without its legend. */
function differing(errors: TestResult['errors']): string[] {
  const diff = errors?.[0]?.diff;
  if (!diff) return [];
  return stripVTControlCharacters(diff)
    .split('\n')
    .filter((line) => /^[-+] /.test(line) && !/^[-+] (Expected|Received)$/.test(line))
    .slice(0, DIFF_LINES);
}
