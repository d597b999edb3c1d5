import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends a message; whether the mail server took it (a failure is logged, never thrown). */
export type SendMail = (message: MailMessage) => Promise<boolean>;

/** A sender over SMTP_URL, or undefined when it is not set (nothing is e-mailed then). */
export function createMailer(mail: Config['mail'], log: FastifyBaseLogger): SendMail | undefined {
  if (!mail.url) return undefined;
  const transport = nodemailer.createTransport(mail.url);
  return async (message) => {
    try {
      await transport.sendMail({ from: mail.from, ...message });
      return true;
    } catch (error) {
      log.warn({ err: error, to: message.to }, 'e-mail not sent');
      return false;
    }
  };
}
