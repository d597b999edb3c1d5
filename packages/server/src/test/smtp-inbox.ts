import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback for tests: it keeps what it receives, and refuses recipients whose
 * address starts with `refused`, as a mail server refuses an unknown mailbox. While `hold()` is on, a
 * mail's data is taken but not answered, as a slow mail server does, until `release()`; `arrived`
 * settles when a held mail is in.
 */
export async function startSmtpInbox() {
  const received: ReceivedMail[] = [];
  let held: (() => void)[] | undefined;
  let arrived: (() => void) | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('refused')) callback(new Error('550 No such mailbox'));
      else callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        const keep = () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        };
        if (!held) return keep();
        held.push(keep);
        arrived?.();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Holds the mails that come from now on; settles when the first is in. */
    hold: () => {
      held = [];
      return new Promise<void>((resolve) => (arrived = resolve));
    },
    release: () => {
      const waiting = held ?? [];
      held = undefined;
      for (const keep of waiting) keep();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
