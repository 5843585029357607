// api/shared/notify.ts on PGlite and PostgreSQL: notices reach the subscribers of an existing
// notification event type on their channels, LEAs and frequency, plus required recipients; the
// idempotency key makes a second call a no-op; emails leave through the outbox (and the email
// log), are retried after a failure, and Daily subscribers get one digest a day.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailDelivery, Mailer } from '../../api/context.js';
import { deliverNoticeEmails, sendDailyDigests, sendNotice, type Notice } from '../../api/shared/notify.js';
import { notifyText } from '../../lib/shared/messages.js';
import { startTestApi, testDbs, type TestApi } from '../helpers/api.js';
import { mailsTo, makeUserWith, uniqueEmail } from './api-auth-helpers.js';

describe.each(testDbs)('sendNotice on %s', (dbKind) => {
  let api: TestApi;
  let leaX: number;
  let leaY: number;
  const users: Record<'immediate' | 'daily' | 'otherLea' | 'noAccess' | 'inAppOnly' | 'leaUser' | 'required', { id: string; email: string }> = {} as never;
  const EVENT = 'Shared Test Event';
  const REQUIRED_EVENT = 'Shared Required Event';

  const makeUser = (tag: string, permissions: string[], leaId: number | null) => makeUserWith(api, tag, permissions, leaId);

  async function subscribe(userId: string, type: string, s: { email: boolean; inApp: boolean; frequency: number; leaIds: number[] }) {
    await api.ctx.db.query(
      `INSERT INTO event_notification_subscriptions (user_id, event_notification_type_id, is_subscribed, is_email, is_in_app, frequency, subscribed_lea_ids)
       SELECT $1, id, true, $3, $4, $5, $6::integer[] FROM event_notification_types WHERE name = $2`,
      [userId, type, s.email, s.inApp, s.frequency, s.leaIds],
    );
  }

  const messagesOf = async (userId: string) =>
    (await api.ctx.db.query<{ message: string; open_url: string | null }>('SELECT message, open_url FROM notification_messages WHERE user_id = $1 ORDER BY id', [userId])).rows;

  const notice = (over: Partial<Notice> = {}): Notice => ({
    key: `test:${randomUUID()}`,
    eventType: EVENT,
    leaId: leaX,
    subject: 'Case SC-2526-007: report due in 7 days',
    bodyHtml: '<p>The report of case <strong>SC-2526-007</strong> is due 11/01/2025.</p><script>bad()</script>',
    link: '/dispute-resolution/cases/7',
    ...over,
  });

  beforeAll(async () => {
    api = await startTestApi(dbKind);
    const db = api.ctx.db;
    const leas = await db.query<{ id: number }>('SELECT id FROM leas WHERE NOT is_nde_level_district ORDER BY id LIMIT 2');
    [leaX, leaY] = leas.rows.map((r) => r.id) as [number, number];
    await db.query(
      `INSERT INTO event_notification_types (name, description, module, supported_frequency, is_supports_email, is_supports_in_app, is_required, has_lea)
       VALUES ($1, 'test', 'Eco', '{1,2}', true, true, false, true), ($2, 'test', 'Eco', '{1}', true, true, true, true)`,
      [EVENT, REQUIRED_EVENT],
    );
    users.immediate = await makeUser('immediate', ['Eco.access'], null);
    users.daily = await makeUser('daily', ['Eco.access'], null);
    users.otherLea = await makeUser('other-lea', ['Eco.access'], null);
    users.noAccess = await makeUser('no-access', [], null);
    users.inAppOnly = await makeUser('in-app', ['Eco.access', 'App.stateuser'], null);
    users.leaUser = await makeUser('lea-user', ['Eco.access'], leaX);
    users.required = await makeUser('required', [], null);
    await subscribe(users.immediate.id, EVENT, { email: true, inApp: true, frequency: 1, leaIds: [leaX] });
    await subscribe(users.daily.id, EVENT, { email: true, inApp: true, frequency: 2, leaIds: [leaX, leaY] });
    await subscribe(users.otherLea.id, EVENT, { email: true, inApp: true, frequency: 1, leaIds: [leaY] });
    await subscribe(users.noAccess.id, EVENT, { email: true, inApp: true, frequency: 1, leaIds: [leaX] });
    await subscribe(users.inAppOnly.id, EVENT, { email: false, inApp: true, frequency: 1, leaIds: [leaX] });
  }, 60_000);

  afterAll(async () => {
    await api?.close();
  });

  it("reaches the subscribers of the notice's LEA on their channels, once per key", async () => {
    const n = notice();
    expect(await sendNotice(api.ctx, api.ctx.db, n)).toBe('sent');
    // Immediately + email + in-app: a system message opening the case, and an email at once.
    expect(await messagesOf(users.immediate.id)).toEqual([{ message: n.subject, open_url: '/dispute-resolution/cases/7' }]);
    const [mail] = await mailsTo(api, users.immediate.email);
    expect(mail).toMatchObject({ subject: n.subject });
    expect(mail!.text).toBe(`The report of case SC-2526-007 is due 11/01/2025.\n\n${notifyText.openInPortal}: ${api.ctx.config.portalPublicUrl}/dispute-resolution/cases/7`);
    expect(mail!.html).not.toContain('<script');
    // Daily: the system message now, the email in the digest.
    expect(await messagesOf(users.daily.id)).toHaveLength(1);
    expect(await mailsTo(api, users.daily.email)).toEqual([]);
    // In-app only: a message, no email.
    expect(await messagesOf(users.inAppOnly.id)).toHaveLength(1);
    expect(await mailsTo(api, users.inAppOnly.email)).toEqual([]);
    // Another LEA, or no access to the module any more: nothing.
    for (const u of [users.otherLea, users.noAccess]) {
      expect(await messagesOf(u.id)).toEqual([]);
      expect(await mailsTo(api, u.email)).toEqual([]);
    }
    // Every send is in the email log.
    const logged = await api.ctx.db.query('SELECT 1 FROM email_log WHERE to_address = $1 AND subject = $2', [users.immediate.email, n.subject]);
    expect(logged.rows).toHaveLength(1);

    expect(await sendNotice(api.ctx, api.ctx.db, n)).toBe('duplicate');
    expect(await messagesOf(users.immediate.id)).toHaveLength(1);
    expect(await mailsTo(api, users.immediate.email)).toHaveLength(1);
  });

  it('narrows subscribers to a permission when the module asks', async () => {
    const before = (await messagesOf(users.immediate.id)).length;
    await sendNotice(api.ctx, api.ctx.db, notice({ subscriberPermissions: ['App.stateuser'] }));
    expect(await messagesOf(users.immediate.id)).toHaveLength(before);
    expect(await messagesOf(users.inAppOnly.id)).toHaveLength(2);
  });

  it('a required type reaches, without a saved subscription, the users of the LEA who can open the module', async () => {
    await sendNotice(api.ctx, api.ctx.db, notice({ eventType: REQUIRED_EVENT, subject: 'Required notice' }));
    expect((await messagesOf(users.leaUser.id)).map((m) => m.message)).toEqual(['Required notice']);
    expect((await mailsTo(api, users.leaUser.email)).map((m) => m.subject)).toEqual(['Required notice']);
    // No LEA of theirs, or no module access: nothing.
    expect((await messagesOf(users.immediate.id)).map((m) => m.message)).not.toContain('Required notice');
    expect((await messagesOf(users.noAccess.id)).map((m) => m.message)).not.toContain('Required notice');
  });

  it('required users and addresses always get it; emailOnly sends no system message; one email per address', async () => {
    const external = uniqueEmail('attorney');
    const n = notice({
      leaId: leaY,
      subject: 'Please sign',
      emailOnly: true,
      requiredUserIds: [users.required.id.toUpperCase()],
      requiredEmails: [external, users.otherLea.email.toUpperCase()],
    });
    expect(await sendNotice(api.ctx, api.ctx.db, n)).toBe('sent');
    expect(await messagesOf(users.required.id)).toEqual([]);
    expect(await messagesOf(users.otherLea.id)).toEqual([]);
    expect((await mailsTo(api, users.required.email)).map((m) => m.subject)).toEqual(['Please sign']);
    expect((await mailsTo(api, external)).map((m) => m.subject)).toEqual(['Please sign']);
    // otherLea is a subscriber of leaY and a required address: one email, not two.
    expect((await mailsTo(api, users.otherLea.email)).map((m) => m.subject)).toEqual(['Please sign']);
  });

  it('inside a transaction: nothing is claimed if it rolls back, and emails wait for delivery after commit', async () => {
    const n = notice({ subject: 'In a transaction' });
    await expect(
      api.ctx.db.tx(async (q) => {
        await sendNotice(api.ctx, q, n);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await api.ctx.db.query('SELECT 1 FROM notices WHERE key = $1', [n.key])).rows).toEqual([]);

    await api.ctx.db.tx((q) => sendNotice(api.ctx, q, n));
    expect((await mailsTo(api, users.immediate.email)).map((m) => m.subject)).not.toContain('In a transaction');
    expect(await deliverNoticeEmails(api.ctx)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect((await mailsTo(api, users.immediate.email)).map((m) => m.subject)).toContain('In a transaction');
    expect(await deliverNoticeEmails(api.ctx)).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });

  it('retries a failed email later instead of losing it', async () => {
    const real: Mailer = api.ctx.mailer;
    const failing: Mailer = { send: async (email, actor): Promise<MailDelivery> => ({ ...(await real.send(email, actor)), status: 'Failed' }) };
    const n = notice({ subject: 'Retried' });
    api.ctx.mailer = failing;
    try {
      await sendNotice(api.ctx, api.ctx.db, n);
    } finally {
      api.ctx.mailer = real;
    }
    const row = await api.ctx.db.query<{ status: string; attempts: number }>('SELECT status, attempts FROM notice_emails WHERE notice_key = $1', [n.key]);
    expect(row.rows).toEqual([{ status: 'Pending', attempts: 1 }]);
    // Not due yet: the next attempt waits two minutes.
    expect((await deliverNoticeEmails(api.ctx)).sent).toBe(0);
    const original = api.ctx.now;
    api.ctx.now = () => new Date(Date.now() + 3 * 60_000);
    try {
      expect(await deliverNoticeEmails(api.ctx)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    } finally {
      api.ctx.now = original;
    }
    // Both attempts are in the email log.
    const log = await api.ctx.db.query('SELECT 1 FROM email_log WHERE to_address = $1 AND subject = $2', [users.immediate.email, 'Retried']);
    expect(log.rows).toHaveLength(2);
  });

  it('gathers Daily emails into one digest per person and day', async () => {
    const day = '2026-03-03';
    expect(await sendDailyDigests(api.ctx, day)).toBe(1);
    const [digest, ...more] = await mailsTo(api, users.daily.email);
    expect(more).toEqual([]);
    expect(digest!.subject).toBe(notifyText.digestSubject('Tuesday, 3rd March 2026'));
    expect(digest!.text).toContain('- Case SC-2526-007: report due in 7 days (http');
    expect(digest!.text).toContain('- In a transaction');
    expect(await sendDailyDigests(api.ctx, day)).toBe(0);
    // A new item after the digest waits for the next day's.
    await sendNotice(api.ctx, api.ctx.db, notice({ subject: 'Tomorrow' }));
    expect(await sendDailyDigests(api.ctx, day)).toBe(0);
    expect(await sendDailyDigests(api.ctx, '2026-03-04')).toBe(1);
    expect((await mailsTo(api, users.daily.email)).at(-1)!.text).toContain('- Tomorrow');
  });

  it('sends each email once when instances deliver at the same moment', async () => {
    const n = notice({ subject: 'Concurrent' });
    await api.ctx.db.tx((q) => sendNotice(api.ctx, q, n));
    const results = await Promise.all([deliverNoticeEmails(api.ctx), deliverNoticeEmails(api.ctx), deliverNoticeEmails(api.ctx)]);
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(1);
    expect((await mailsTo(api, users.immediate.email)).filter((m) => m.subject === 'Concurrent')).toHaveLength(1);
  });
});
