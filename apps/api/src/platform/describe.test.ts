import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerRouteDescription, securityFor, suggestOperationId } from './describe';

const build = () => {
  const app = Fastify({ logger: false });
  registerRouteDescription(app);
  return app;
};
const ok = { operationId: 'listWidgets', summary: 'List widgets', tags: ['widgets'] };

describe('route description at registration', () => {
  it('refuses a route without operationId, summary and tags, naming what is missing and where', () => {
    const app = build();
    expect(() => app.get('/api/widgets', { schema: {} }, async () => ({}))).toThrow(
      /Route GET \/api\/widgets \(registered in .*describe\.test\.ts:\d+\) .* missing schema\.operationId, schema\.summary, schema\.tags .*operationId: 'listWidgets'/,
    );
  });

  it('refuses an operationId that is not camelCase verb-noun, and a reused one', () => {
    const app = build();
    expect(() =>
      app.post('/api/widgets', { schema: { ...ok, operationId: 'Widgets_create' } }, async () => ({})),
    ).toThrow(/camelCase verb-noun \(got 'Widgets_create'\)/);
    app.get('/api/widgets', { schema: ok }, async () => ({}));
    expect(() => app.get('/api/gadgets', { schema: ok }, async () => ({}))).toThrow(
      /reuses operationId 'listWidgets' of GET \/api\/widgets/,
    );
  });

  it('accepts a described route and leaves non-API routes alone', () => {
    const app = build();
    expect(() =>
      app.get('/api/widgets/:id', { schema: { ...ok, operationId: 'getWidget' } }, async () => ({})),
    ).not.toThrow();
    expect(() => app.get('/assets/x.js', async () => '')).not.toThrow();
  });

  it('suggests names and derives security from access', () => {
    expect(suggestOperationId('POST', '/api/me/bank-accounts')).toBe('createMeBankAccounts');
    expect(suggestOperationId('GET', '/api/wallet/:id')).toBe('getWallet');
    expect(securityFor({ kind: 'public' }, 'POST')).toEqual([{}]);
    expect(securityFor({ kind: 'session' }, 'GET')).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
    expect(securityFor({ kind: 'permission', resource: 'wallets', action: 'post' }, 'POST')).toEqual([
      { bearerAuth: [] },
      { sessionCookie: [], csrfHeader: [] },
    ]);
  });
});
