// The bill inbox (issue 23 §2 ★): each account has its own address `bills-<random>@<domain>`
// (GET /api/ocr/quote/email). An inbound SMTP listener (smtp-server; off unless
// BILL_INBOX_SMTP_PORT is set) accepts mail only for known addresses, parses it (mailparser) and
// turns it into a draft bill with its PDF or image attached; the amount, invoice number and due date
// are read from the PDF's text (unpdf) where present, from an image or scanned PDF by the documents
// reader (local OCR), else from the mail's own text.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { simpleParser, type Attachment } from 'mailparser';
import {
  SMTPServer,
  type SMTPServerAddress,
  type SMTPServerDataStream,
  type SMTPServerSession,
} from 'smtp-server';
import type { Db } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { storageOf } from '../../platform/storage';
import { documentMime, pdfText, readDocument } from '../documents';
import { storeUpload } from '../files';
import { createNotification } from '../notifications';
import { billInboxes, payoutQuotes } from './tables';
import { payees } from '../../platform/schema';

const LOCAL_PREFIX = 'bills-';

export function inboxDomain(deps: Pick<AppDeps, 'config'>): string {
  if (deps.config.BILL_INBOX_DOMAIN) return deps.config.BILL_INBOX_DOMAIN.toLowerCase();
  return `inbox.${new URL(deps.config.appUrl).hostname}`;
}

/** GET /api/ocr/quote/email: the account's bill address, created on first ask (random, unguessable). */
export async function billInboxAddress(deps: AppDeps, p: { accountId: string; userId: string }) {
  const local = `${LOCAL_PREFIX}${randomBytes(10).toString('hex')}`;
  await deps.db
    .insert(billInboxes)
    .values({ accountId: p.accountId, localPart: local, createdBy: p.userId })
    .onConflictDoNothing({ target: billInboxes.accountId });
  const [row] = await deps.db.select().from(billInboxes).where(eq(billInboxes.accountId, p.accountId));
  return { email: `${row.localPart}@${inboxDomain(deps)}` };
}

async function inboxOf(db: Db, domain: string, address: string) {
  const [local, dom] = address.toLowerCase().split('@');
  if (dom !== domain || !local?.startsWith(LOCAL_PREFIX) || local.length > 64) return null;
  const [row] = await db.select().from(billInboxes).where(eq(billInboxes.localPart, local));
  return row ?? null;
}

// ---- reading a bill's text ----

export type BillFacts = { amountMinor: number | null; invoiceNumber: string | null; dueDate: string | null };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function isoDate(s: string): string | null {
  let y: number, m: number, d: number;
  let x = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (x) [y, m, d] = [Number(x[1]), Number(x[2]), Number(x[3])];
  else if ((x = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s)))
    [d, m, y] = [Number(x[1]), Number(x[2]), Number(x[3])];
  else if ((x = /^(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})$/.exec(s))) {
    m = MONTHS.indexOf(x[2].slice(0, 3).toLowerCase()) + 1;
    [d, y] = [Number(x[1]), Number(x[3])];
  } else if ((x = /^([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(s))) {
    m = MONTHS.indexOf(x[1].slice(0, 3).toLowerCase()) + 1;
    [d, y] = [Number(x[2]), Number(x[3])];
  } else return null;
  const iso = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const t = new Date(`${iso}T00:00:00Z`);
  return m >= 1 && !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === iso ? iso : null;
}

function toMinor(s: string): number | null {
  const clean = s.replace(/,/g, '');
  if (!/^\d{1,13}(\.\d{1,2})?$/.test(clean)) return null;
  const [n, f = ''] = clean.split('.');
  const v = Number(n) * 100 + Number(f.padEnd(2, '0'));
  return v > 0 ? v : null;
}

/**
 * The amount (a "total"/"amount due" line first, else the largest naira amount), the invoice number
 * and the due date, from a bill's text. Anything not found is null; nothing is guessed wildly.
 */
export function readBillFacts(text: string): BillFacts {
  const t = text.replace(/\u00a0/g, ' ');
  const money = String.raw`(?:₦|NGN|N)?\s*(\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?)`;
  let amountMinor: number | null = null;
  for (const label of [
    'amount due',
    'balance due',
    'total due',
    'grand total',
    'total amount',
    'total',
    'amount',
  ]) {
    const m = new RegExp(`${label}\\s*(?:\\([^)]*\\))?\\s*[:\\-]?\\s*${money}`, 'i').exec(t);
    if (m && (amountMinor = toMinor(m[1])) !== null) break;
  }
  if (amountMinor === null) {
    const all = [...t.matchAll(/(?:₦|NGN)\s*(\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?)/gi)]
      .map((m) => toMinor(m[1]))
      .filter((v): v is number => v !== null);
    amountMinor = all.length ? Math.max(...all) : null;
  }
  const inv =
    /invoice\s*(?:no\.?|number|num|#|ref(?:erence)?)?\s*[:#]?\s*([A-Z0-9][A-Z0-9\-/_.]{1,40})/i.exec(t);
  const invoiceNumber = inv && /\d/.test(inv[1]) ? inv[1].replace(/[.]$/, '') : null;
  const due =
    /(?:due\s*date|payment\s*due|due\s*on|due\s*by|due)\s*[:-]?\s*(\d{4}-\d{2}-\d{2}|\d{1,2}[/.-]\d{1,2}[/.-]\d{4}|\d{1,2}(?:st|nd|rd|th)?\s+[A-Za-z]{3,9}\.?,?\s+\d{4}|[A-Za-z]{3,9}\.?\s+\d{1,2},?\s+\d{4})/i.exec(
      t,
    );
  return { amountMinor, invoiceNumber, dueDate: due ? isoDate(due[1].trim()) : null };
}

/**
 * The facts of an attached bill: a PDF's text layer first (readBillFacts); an image or a scanned
 * PDF is read by the documents module's reader (OCR), whose total and invoice number are taken and
 * whose text gives the due date. null when the file cannot be read (the mail's text decides).
 */
async function attachmentFacts(file: Attachment): Promise<BillFacts | null> {
  try {
    const mime = await documentMime(file.content);
    if (mime === 'application/pdf') {
      const text = await pdfText(file.content);
      if (text.trim()) return readBillFacts(text);
    }
    const doc = await readDocument(file.content, mime);
    return {
      amountMinor: doc.totalMinor,
      invoiceNumber: doc.invoiceNumber,
      dueDate: readBillFacts(doc.text).dueDate,
    };
  } catch {
    return null; // not a JPEG, PNG or PDF, or unreadable: the draft keeps what the mail says
  }
}

const isBillFile = (a: Attachment) =>
  a.contentType === 'application/pdf' ||
  a.contentType.startsWith('image/') ||
  /\.(pdf|png|jpe?g)$/i.test(a.filename ?? '');

/** One parsed mail for one inbox → one draft bill (status draft, source email). */
export async function draftBillFromMail(
  deps: AppDeps,
  inbox: typeof billInboxes.$inferSelect,
  mail: { from: string; subject: string; text: string; attachments: Attachment[] },
): Promise<string> {
  const file = mail.attachments.find(isBillFile) ?? null;
  const fromFile = file ? await attachmentFacts(file) : null;
  const fromText = readBillFacts(`${mail.subject}\n${mail.text}`);
  const facts: BillFacts = {
    amountMinor: fromFile?.amountMinor ?? fromText.amountMinor,
    invoiceNumber: fromFile?.invoiceNumber ?? fromText.invoiceNumber,
    dueDate: fromFile?.dueDate ?? fromText.dueDate,
  };
  let stored: { fileName: string } | null = null;
  if (file) {
    try {
      stored = await storeUpload(deps.db, {
        storage: storageOf(deps.config),
        accountId: inbox.accountId,
        userId: inbox.createdBy,
        originalName: file.filename ?? 'bill',
        bytes: file.content,
      });
    } catch {
      stored = null; // not a PDF or image we keep (type, size): the draft has no file
    }
  }
  return deps.db.transaction(async (tx) => {
    const [vendor] = await tx
      .select()
      .from(payees)
      .where(and(eq(payees.accountId, inbox.accountId), sql`lower(${payees.email}) = ${mail.from}`))
      .limit(1);
    const [row] = await tx
      .insert(payoutQuotes)
      .values({
        accountId: inbox.accountId,
        reference: randomBytes(16).toString('hex'),
        email: mail.from,
        note: null,
        payeeId: vendor?.id ?? null,
        status: 'draft',
        source: 'email',
        amountMinor: facts.amountMinor,
        description: mail.subject.slice(0, 500) || 'Bill received by email',
        invoiceNumber: facts.invoiceNumber,
        dueDate: facts.dueDate,
        bankCode: vendor?.bankCode ?? null,
        bankName: vendor?.bankName ?? null,
        accountNumber: vendor?.accountNumber ?? null,
        accountName: vendor?.accountName ?? null,
        fileName: stored?.fileName ?? null,
        requestedBy: inbox.createdBy,
        submittedAt: sql`now()`,
      })
      .returning({ id: payoutQuotes.id, reference: payoutQuotes.reference });
    await createNotification(tx, {
      accountId: inbox.accountId,
      topic: 'Bill received by email',
      value: `A bill from ${mail.from} arrived in your bill inbox as a draft`,
      props: { quoteId: row.reference },
      category: 'approvals',
    });
    return row.id;
  });
}

type SmtpError = Error & { responseCode: number };
const smtpError = (message: string, responseCode: number): SmtpError =>
  Object.assign(new Error(message), { responseCode });

/** RCPT TO: a known inbox address is accepted, another is 550; a database error is 451 (retry). */
function acceptRecipient(deps: AppDeps, domain: string) {
  return (address: SMTPServerAddress, _session: SMTPServerSession, cb: (err?: Error | null) => void) => {
    inboxOf(deps.db, domain, address.address).then(
      (inbox) => (inbox ? cb() : cb(smtpError('No such mailbox', 550))),
      () => cb(smtpError('Try again later', 451)),
    );
  };
}

/** One parsed message becomes a draft bill in every inbox it was addressed to. */
async function storeMessage(deps: AppDeps, domain: string, raw: Buffer, session: SMTPServerSession) {
  const parsed = await simpleParser(raw);
  const from = (
    parsed.from?.value[0]?.address ||
    (session.envelope.mailFrom ? session.envelope.mailFrom.address : '') ||
    ''
  )
    .toLowerCase()
    .slice(0, 254);
  for (const rcpt of session.envelope.rcptTo) {
    const inbox = await inboxOf(deps.db, domain, rcpt.address);
    if (!inbox) continue;
    await draftBillFromMail(deps, inbox, {
      from: from || 'unknown@sender',
      subject: (parsed.subject ?? '').slice(0, 500),
      text: (parsed.text ?? '').slice(0, 100_000),
      attachments: parsed.attachments ?? [],
    });
  }
}

/** DATA: the message is read up to the size limit (552 over it), then stored (451 on a failure). */
function receiveMessage(deps: AppDeps, domain: string, maxBytes: number) {
  return (stream: SMTPServerDataStream, session: SMTPServerSession, cb: (err?: Error | null) => void) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= maxBytes) chunks.push(c);
    });
    stream.on('end', () => {
      if (stream.sizeExceeded || size > maxBytes) return cb(smtpError('Message too large', 552));
      storeMessage(deps, domain, Buffer.concat(chunks), session).then(
        () => cb(),
        () => cb(smtpError('Could not store the bill, try again later', 451)),
      );
    });
  };
}

/** Starts the listener when BILL_INBOX_SMTP_PORT is set; answers its port and stop. */
export async function startBillInbox(
  deps: AppDeps,
): Promise<{ port: number; stop: () => Promise<void> } | null> {
  const port = deps.config.BILL_INBOX_SMTP_PORT;
  if (port === undefined) return null;
  const domain = inboxDomain(deps);
  const maxBytes = deps.config.BILL_INBOX_MAX_BYTES;
  const server = new SMTPServer({
    name: domain,
    banner: 'Owo bill inbox',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: maxBytes,
    maxClients: 20,
    logger: false,
    onRcptTo: acceptRecipient(deps, domain),
    onData: receiveMessage(deps, domain, maxBytes),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, deps.config.BILL_INBOX_SMTP_HOST, () => resolve());
  });
  server.on('error', () => {
    /* a client's broken connection must not stop the listener */
  });
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
