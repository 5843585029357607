// What every API router is built from.
import type { Logger } from 'pino';
import type { ApiConfig } from './config.js';
import type { Db } from './db.js';

export interface OutgoingEmail {
  to: string;
  subject: string;
  /** Plain text body; links written out in full. */
  text: string;
  html?: string;
}

/** What became of one message: its email_log row and status ('Failed' when delivery failed). */
export interface MailDelivery {
  logId: number;
  status: 'Logged' | 'Sent' | 'Failed';
}

export interface Mailer {
  /** Records the message in the email log, then writes it to MAIL_DIR or sends it over SMTP. Never throws for a delivery failure. */
  send(email: OutgoingEmail, actor?: string): Promise<MailDelivery>;
}

export interface ApiContext {
  config: ApiConfig;
  db: Db;
  log: Logger;
  mailer: Mailer;
  /** Injectable clock so lockout, expiry and resend windows are testable. */
  now: () => Date;
}
