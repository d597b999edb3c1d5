/**
 * Whether an error says the database cannot be reached, rather than that a query was wrong: the
 * connection was refused, reset or timed out, or PostgreSQL is shutting down or starting up. Such a
 * request is answered 503, not 500: nothing is wrong with it, and trying again shortly may work.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  // pg-pool's and pg's own connection timeouts carry no code.
  return /timeout exceeded when trying to connect|Connection terminated due to connection timeout/i.test(
    error.message,
  );
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up)
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08006', // connection_failure
]);
