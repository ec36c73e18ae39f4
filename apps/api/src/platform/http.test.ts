import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './http';

// no-5xx (issue 35): what the fault simulator found answering 500 and is not a bug of the request.
async function answerTo(thrown: unknown) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/boom', () => {
    throw thrown;
  });
  const res = await app.inject({ method: 'GET', url: '/boom' });
  await app.close();
  return { status: res.statusCode, retryAfter: res.headers['retry-after'], body: res.json() };
}

// Drizzle wraps the driver's error: "Failed query: ..." with the pg error as its cause.
const failedQuery = (cause: object) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('no-5xx: errors that are not bugs of the request', () => {
  it('a deadlock or serialization failure answers 409 with Retry-After (the other request won)', async () => {
    for (const code of ['40P01', '40001'])
      expect(await answerTo(failedQuery({ code, message: 'deadlock detected' }))).toMatchObject({
        status: 409,
        retryAfter: '1',
        body: {
          status: 'conflict',
          message: 'Another request is changing this record right now. Please try again.',
        },
      });
  });

  it('a database connection lost mid-request answers 503 with Retry-After', async () => {
    for (const cause of [
      { code: '57P01', message: 'terminating connection due to administrator command' },
      { message: 'Connection terminated unexpectedly' },
      { message: 'Client has encountered a connection error and is not queryable' },
    ])
      expect(await answerTo(failedQuery(cause))).toMatchObject({ status: 503, retryAfter: '1' });
  });

  it('any other error is still a 500', async () => {
    expect((await answerTo(new Error('real bug'))).status).toBe(500);
  });
});
