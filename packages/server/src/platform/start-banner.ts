/** What the start-up knows when it tells the person at the terminal how to sign in. */
export interface StartFacts {
  /** The address the server listens on, without a trailing slash. */
  url: string;
  startedMs: number;
  /** Where generated API_KEY and PAYLOAD_KEY were written, when they were. */
  generatedFile: string | undefined;
  /** Notes about settings and tools (left at a try-out default, missing). */
  notes: string[];
  admin: { email: string; generatedPassword?: string | undefined } | undefined;
}

/**
 * The block `npm start` prints last, after start-up: the notes first, then the sign-in inside a frame so
 * it stands out among the log lines before it.
 */
export function startBanner(facts: StartFacts): string {
  const { url, admin } = facts;
  const login = `${url}/admin/panel/login`;
  const signIn = !admin
    ? [`Sign in at ${login} with your admin account`]
    : admin.generatedPassword
      ? [
          `Sign in at ${login}`,
          `  as ${admin.email} with password ${admin.generatedPassword}`,
          'This password is shown only once. Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.',
        ]
      : [`Sign in at ${login}`, `  as ${admin.email} (the password from ADMIN_PASSWORD)`];
  const framed = [
    `Streamdesk is running at ${url}/  (started in ${Math.round(facts.startedMs)} ms)`,
    ...signIn,
  ];
  const width = Math.max(...framed.map((line) => line.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return [
    '',
    ...(facts.generatedFile ? [`API_KEY and PAYLOAD_KEY were generated into ${facts.generatedFile}`] : []),
    ...facts.notes,
    rule,
    ...framed.map((line) => `| ${line.padEnd(width)} |`),
    rule,
    '',
  ].join('\n');
}
