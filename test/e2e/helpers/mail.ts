// Reads the emails the agency API wrote to MAIL_DIR (no SMTP_URL in e2e): one JSON file per
// message, { to, subject, text, html, sentAt }. Emails may be written just after the page
// answers, so the reader waits for a matching message instead of looking once.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { e2eEnv } from './env.js';

const mailFile = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable().optional(),
  sentAt: z.iso.datetime({ offset: true }),
});

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  sentAt: Date;
  /** Every http(s) link in the message (HTML hrefs first, then URLs in the text), no repeats. */
  links: string[];
}

export interface ReadMailOptions {
  /** How long to wait for the message to appear (default 10 s). */
  timeoutMs?: number;
}

export async function readLatestMail(to: string, after?: Date, options: ReadMailOptions = {}): Promise<Mail> {
  const dir = process.env.E2E_MAIL_DIR ?? e2eEnv().mailDir;
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const mail = await latest(dir, to, after);
    if (mail) return mail;
    if (Date.now() > deadline) {
      throw new Error(`No email to ${to}${after ? ` sent after ${after.toISOString()}` : ''} in ${dir}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function latest(dir: string, to: string, after: Date | undefined): Promise<Mail | null> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let best: Mail | null = null;
  for (const name of names) {
    let parsed: z.infer<typeof mailFile>;
    try {
      parsed = mailFile.parse(JSON.parse(await readFile(path.join(dir, name), 'utf8')));
    } catch {
      continue; // a file still being written, or not an email
    }
    if (parsed.to.toLowerCase() !== to.toLowerCase()) continue;
    const sentAt = new Date(parsed.sentAt);
    if (after && sentAt.getTime() < after.getTime()) continue;
    if (best && sentAt.getTime() < best.sentAt.getTime()) continue;
    const html = parsed.html ?? null;
    best = { to: parsed.to, subject: parsed.subject, text: parsed.text, html, sentAt, links: extractLinks(html, parsed.text) };
  }
  return best;
}

export function extractLinks(html: string | null, text: string): string[] {
  const links: string[] = [];
  const add = (raw: string) => {
    const url = raw.replace(/&amp;/g, '&').replace(/[.,;:)\]]+$/, '');
    if (/^https?:\/\//i.test(url) && !links.includes(url)) links.push(url);
  };
  for (const match of (html ?? '').matchAll(/href\s*=\s*["']([^"']+)["']/gi)) add(match[1] ?? '');
  for (const match of text.matchAll(/https?:\/\/[^\s<>"']+/gi)) add(match[0]);
  return links;
}
