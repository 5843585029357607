// Outgoing email. Every message is recorded in email_log first; then, without SMTP_URL, it is
// written as a JSON file under MAIL_DIR (so development and tests can read the links), and with
// SMTP_URL it is sent. A delivery failure never reaches the caller: the row says Failed.
import { redactLinkSecrets } from './email-redaction.js';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { ApiConfig } from './config.js';
import type { MailDelivery, Mailer, OutgoingEmail } from './context.js';
import type { Db } from './db.js';

type Transport = ReturnType<typeof nodemailer.createTransport>;

export function createMailer(config: ApiConfig, db: Db, log: Logger): Mailer {
  // One pooled transport for the life of the process, created on first use.
  let transport: Transport | undefined;
  const smtp = (url: string): Transport => (transport ??= nodemailer.createTransport(url));

  async function setStatus(id: number, status: 'Sent' | 'Failed', error: string | null, actor: string) {
    await db.query('UPDATE email_log SET status = $2, error = $3, updated_at = now(), updated_by = $4 WHERE id = $1', [
      id,
      status,
      error,
      actor,
    ]);
  }

  return {
    async send(email: OutgoingEmail, actor = 'system'): Promise<MailDelivery> {
      const inserted = await db.query<{ id: number }>(
        `INSERT INTO email_log (to_address, subject, body, status, created_by, updated_by)
         VALUES ($1, $2, $3, 'Logged', $4, $4) RETURNING id`,
        // The log keeps what was said, not the link's one-time secret.
        [email.to, email.subject, redactLinkSecrets(email.text), actor],
      );
      const logId = inserted.rows[0]?.id;
      if (logId === undefined) throw new Error('email_log insert returned no id');

      if (!config.smtpUrl) {
        try {
          await mkdir(config.mailDir, { recursive: true });
          const file = path.join(config.mailDir, `${Date.now()}-${logId}.json`);
          const body = { to: email.to, subject: email.subject, text: email.text, html: email.html ?? null, sentAt: new Date().toISOString() };
          await writeFile(file, JSON.stringify(body, null, 2), { mode: 0o600 });
          log.debug({ logId, file }, 'email written to mail folder');
        } catch (err) {
          log.error({ err, logId }, 'could not write email file');
          await setStatus(logId, 'Failed', err instanceof Error ? err.message : String(err), actor).catch(() => {});
          return { logId, status: 'Failed' };
        }
        return { logId, status: 'Logged' };
      }

      try {
        await smtp(config.smtpUrl).sendMail({
          from: config.mailFrom,
          to: email.to,
          subject: email.subject,
          text: email.text,
          ...(email.html ? { html: email.html } : {}),
        });
        await setStatus(logId, 'Sent', null, actor);
        return { logId, status: 'Sent' };
      } catch (err) {
        log.error({ err, logId }, 'email delivery failed');
        await setStatus(logId, 'Failed', err instanceof Error ? err.message : String(err), actor).catch((e: unknown) =>
          log.error({ err: e, logId }, 'could not record email failure'),
        );
        return { logId, status: 'Failed' };
      }
    },
  };
}
