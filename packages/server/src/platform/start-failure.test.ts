import { describe, expect, it } from 'vitest';
import { startFailureMessage } from './start-failure.js';

describe('startFailureMessage', () => {
  it('names the database host (never the password) when PostgreSQL does not answer', () => {
    const error = new Error('timeout exceeded when trying to connect');
    expect(startFailureMessage(error, 'postgres://app:s3cret@db.internal:6432/streamdesk')).toBe(
      'Streamdesk failed to start: the database at db.internal:6432 (DATABASE_URL) did not answer: ' +
        'timeout exceeded when trying to connect',
    );
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
    expect(startFailureMessage(refused, 'postgresql://db/x')).toMatch(
      /the database at db:5432 \(DATABASE_URL\)/,
    );
  });

  it('gives other failures as they are', () => {
    expect(startFailureMessage(new Error('listen EADDRINUSE: address already in use'), undefined)).toBe(
      'Streamdesk failed to start: listen EADDRINUSE: address already in use',
    );
    expect(startFailureMessage('odd', 'postgres://db/x')).toBe('Streamdesk failed to start: odd');
  });
});
