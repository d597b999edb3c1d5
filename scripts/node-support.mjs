// Which Node majors still get security fixes: `npm start` warns on one past its end of life.
// Dates from the Node.js release schedule (https://github.com/nodejs/Release); add a row per new major.

/** The Node the product is built and tested on (CI runs every suite on it). */
export const RECOMMENDED = 'Node 24 LTS';

/** End of life of each major, as YYYY-MM-DD. */
export const END_OF_LIFE = {
  18: '2025-04-30',
  19: '2023-06-01',
  20: '2026-04-30',
  21: '2024-06-01',
  22: '2027-04-30',
  23: '2025-06-01',
  24: '2028-04-30',
  25: '2026-06-01',
  26: '2029-04-30',
};

/**
 * The warning for `version` (e.g. 'v20.20.2') on `today`, or undefined while it is supported. A major
 * older than every row is past its end of life too; a newer one is taken as supported.
 */
export function endOfLifeWarning(version = process.version, today = new Date()) {
  const major = Number(/^v?(\d+)/.exec(version)?.[1]);
  const majors = Object.keys(END_OF_LIFE).map(Number);
  const ended = END_OF_LIFE[major];
  const past = ended ? today >= new Date(`${ended}T00:00:00Z`) : major < Math.min(...majors);
  if (!past) return undefined;
  const when = ended ? `reached its end of life on ${ended}` : 'is past its end of life';
  return (
    `WARNING: Node ${version.replace(/^v/, '')} ${when} and no longer gets security fixes. ` +
    `Streamdesk still runs on it, but use ${RECOMMENDED} (https://nodejs.org/en/download).`
  );
}
