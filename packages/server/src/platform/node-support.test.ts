import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/** `npm start`'s warning on a Node past its end of life (scripts/node-support.mjs). */
const script = path.resolve(import.meta.dirname, '../../../../scripts/node-support.mjs');
const { endOfLifeWarning } = (await import(pathToFileURL(script).href)) as {
  endOfLifeWarning: (version: string, today: Date) => string | undefined;
};

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('npm start warns on a Node past its end of life', () => {
  it('warns on Node 20 from its end of life, 2026-04-30, and names Node 24 LTS', () => {
    expect(endOfLifeWarning('v20.20.2', day('2026-04-29'))).toBeUndefined();
    expect(endOfLifeWarning('v20.20.2', day('2026-04-30'))).toBe(
      'WARNING: Node 20.20.2 reached its end of life on 2026-04-30 and no longer gets security fixes. ' +
        'Streamdesk still runs on it, but use Node 24 LTS (https://nodejs.org/en/download).',
    );
  });

  it('judges each major by its own date, not by its number', () => {
    expect(endOfLifeWarning('v24.21.0', day('2026-12-01'))).toBeUndefined();
    expect(endOfLifeWarning('v22.12.0', day('2026-12-01'))).toBeUndefined();
    expect(endOfLifeWarning('v22.12.0', day('2027-05-01'))).toContain('end of life on 2027-04-30');
    expect(endOfLifeWarning('v25.1.0', day('2026-12-01'))).toContain('end of life on 2026-06-01');
  });

  it('takes a major older than the table as ended and a newer one as supported', () => {
    expect(endOfLifeWarning('v16.20.0', day('2026-12-01'))).toContain('Node 16.20.0 is past its end of life');
    expect(endOfLifeWarning('v28.0.0', day('2026-12-01'))).toBeUndefined();
  });
});
