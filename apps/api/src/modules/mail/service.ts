import nodemailer from 'nodemailer';
import type { AppDeps } from '../../platform/deps';
import type { DbOrTx } from '../../platform/db';
import { mailOutbox } from './tables';

export type Mail = { to: string; subject: string; text: string; html?: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const linksIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((m) => m[0]);

let transport: nodemailer.Transporter | null = null;
let transportUrl: string | null = null;

/**
 * Records the mail in the outbox (in the caller's transaction when given) and, with SMTP_URL,
 * sends it. A send failure is recorded, never thrown: mail must not undo the business change.
 */
export async function sendMail(deps: Pick<AppDeps, 'db' | 'config'>, mail: Mail, tx?: DbOrTx): Promise<void> {
  const html = mail.html ?? `<p>${escapeHtml(mail.text).replace(/\n/g, '<br>')}</p>`;
  const [row] = await (tx ?? deps.db)
    .insert(mailOutbox)
    .values({
      to: mail.to.toLowerCase(),
      subject: mail.subject,
      text: mail.text,
      html,
      links: linksIn(mail.text),
    })
    .returning({ id: mailOutbox.id });
  const url = deps.config.SMTP_URL;
  if (!url) return;
  const deliver = async () => {
    try {
      if (!transport || transportUrl !== url) {
        transport = nodemailer.createTransport(url);
        transportUrl = url;
      }
      await transport.sendMail({
        from: deps.config.MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html,
      });
      await deps.db.update(mailOutbox).set({ state: 'sent' }).where(eqId(row.id));
    } catch (err) {
      await deps.db
        .update(mailOutbox)
        .set({ state: 'failed', error: String((err as Error).message).slice(0, 500) })
        .where(eqId(row.id));
    }
  };
  // Inside a transaction, send only after the row is visible; outside, send now.
  if (tx) setImmediate(() => void deliver());
  else await deliver();
}

import { eq } from 'drizzle-orm';
const eqId = (id: string) => eq(mailOutbox.id, id);
