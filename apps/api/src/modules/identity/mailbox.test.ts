import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, type TestApp } from '../../../test/helpers';
import { WAIT_CEILING_MS } from '../../../test/ceilings';
import { mailOutbox } from '../../platform/schema';
import { signUp } from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('dev mailbox', () => {
  it('lists the mails to an address, newest first, with their links', async () => {
    const { email } = await signUp(t);
    await client(t).post('/api/auth/password', { email });
    await signUp(t, { email: 'someone.else@example.ng' });
    const res = await client(t).get(`/api/dev/mailbox?to=${encodeURIComponent(email.toUpperCase())}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((m: { subject: string }) => m.subject)).toEqual([
      'Reset your Owo password',
      'Confirm your email address',
    ]);
    const [reset] = res.body.data;
    expect(reset).toMatchObject({ to: email, state: 'kept' });
    expect(reset.links[0]).toContain('/auth/reset-password?ref=');
    expect(reset.html).toContain('<p>');
    expect(res.body.metadata.pagination).toMatchObject({ page: 1, totalItems: 2 });
    const all = await client(t).get('/api/dev/mailbox?limit=100');
    expect(all.body.data.some((m: { to: string }) => m.to === 'someone.else@example.ng')).toBe(true);
  });

  it('does not exist in production mode', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', RAILS_WEBHOOK_SECRET: 'x'.repeat(32) });
    try {
      const res = await client(prod).get('/api/dev/mailbox');
      expect(res.status).toBe(404);
      expect(res.body.status).toBe('not-found');
    } finally {
      await prod.close();
    }
  });
});

describe('SMTP delivery', () => {
  it('sends the confirmation mail through SMTP_URL', async () => {
    const received: { to: string[]; raw: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, session, done) {
        let raw = '';
        stream.on('data', (c: Buffer) => {
          raw += c.toString('utf8');
        });
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as { port: number }).port;
    const smtp = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const { email } = await signUp(smtp, { email: 'smtp.check@example.ng' });
      const deadline = Date.now() + WAIT_CEILING_MS;
      while (!received.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(received).toHaveLength(1);
      expect(received[0].to).toEqual([email]);
      expect(received[0].raw).toContain('Subject: Confirm your email address');
      expect(received[0].raw).toContain('/auth/confirm-email?token=');
      let state = '';
      while (state !== 'sent' && Date.now() < deadline) {
        [{ state }] = await smtp.db
          .select({ state: mailOutbox.state })
          .from(mailOutbox)
          .where(eq(mailOutbox.to, email));
        if (state !== 'sent') await new Promise((r) => setTimeout(r, 50));
      }
      expect(state).toBe('sent');
    } finally {
      await smtp.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
