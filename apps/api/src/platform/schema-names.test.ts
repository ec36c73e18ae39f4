import { describe, expect, it } from 'vitest';
import { nameSharedSchemas, ruleName, singular, siteLabel, type SchemaSite } from './schema-names';

const site = (operationId: string, path: string, part: SchemaSite['part'], at: string[], code = '200') => ({
  method: operationId.startsWith('get') || operationId.startsWith('list') ? 'GET' : 'POST',
  path,
  operationId,
  part,
  ...(part === 'Response' ? { code } : {}),
  at,
});

describe('shared schema names', () => {
  it('names a schema after the operation and place it is best known by', () => {
    const detail = site('getPayout', '/api/payouts/{id}', 'Response', ['data']);
    const created = site('createPayout', '/api/payouts', 'Response', ['data'], '201');
    const listed = site('listPayouts', '/api/payouts', 'Response', ['data', '[]']);
    // A get before a create or a list, whatever order the routes were registered in.
    expect(ruleName([created, listed, detail])).toBe('PayoutDetail');
    expect(ruleName([listed, created])).toBe('PayoutListItem');
    expect(ruleName([created])).toBe('PayoutCreateResult');
    expect(ruleName([site('createPayout', '/api/payouts', 'Body', [])])).toBe('PayoutCreateBody');
    expect(ruleName([site('getPayout', '/api/payouts/{id}', 'Response', [])])).toBe('PayoutDetailResponse');
    expect(ruleName([site('listPayrollRuns', '/api/payroll/runs', 'Response', ['data'])])).toBe(
      'PayrollRunList',
    );
    expect(ruleName([site('listPayouts', '/api/payouts', 'Query', ['from'])])).toBe('PayoutListQueryFrom');
    // Inside a record: its noun and the path, without saying the noun twice.
    expect(ruleName([site('getCard', '/api/cards/{id}', 'Response', ['data', 'holder'])])).toBe('CardHolder');
    expect(
      ruleName([site('getInvoice', '/api/invoices/{id}', 'Response', ['data', 'invoiceSettlements', '[]'])]),
    ).toBe('InvoiceSettlement');
    expect(
      ruleName([site('listKybs', '/api/kyb', 'Response', ['data', '[]', 'ownership', 'owners', '[]'])]),
    ).toBe('KybOwnershipOwner');
  });

  it('names a property found in several areas by the property alone', () => {
    const sites = [
      site('listPayouts', '/api/payouts', 'Response', ['metadata', 'pagination']),
      site('listInvoices', '/api/invoices', 'Response', ['metadata', 'pagination']),
    ];
    expect(ruleName(sites)).toBe('Pagination');
    expect(ruleName(sites.slice(0, 1))).toBe('PayoutListResponseMetadataPagination');
  });

  it('fails on one name for two schemas, a name not PascalCase and a stale override; never adds a hash', () => {
    const a = [site('getCard', '/api/cards/{id}', 'Response', ['data', 'holder'])];
    const b = [site('listCards', '/api/cards', 'Response', ['data', '[]', 'holder'])];
    expect(() =>
      nameSharedSchemas(
        new Map([
          ['a', a],
          ['b', b],
        ]),
        { overrides: {} },
      ),
    ).toThrow(
      /'CardHolder' names two different schemas, at getCard 200 data.holder and at listCards 200 data\[\].holder: name one in SCHEMA_NAMES/,
    );
    expect(() => nameSharedSchemas(new Map([['a', a]]), { overrides: {}, reserved: ['CardHolder'] })).toThrow(
      /'CardHolder' names two different schemas, at a fixed component/,
    );
    const named = nameSharedSchemas(
      new Map([
        ['a', a],
        ['b', b],
      ]),
      {
        overrides: { [siteLabel(b[0])]: 'CardListHolder' },
      },
    );
    expect([...named.values()]).toEqual(['CardHolder', 'CardListHolder']);
    expect(() =>
      nameSharedSchemas(new Map([['a', a]]), { overrides: { 'getCard 200 data.holder': 'card_holder' } }),
    ).toThrow(/'card_holder' \(for getCard 200 data.holder\) is not PascalCase/);
    expect(() =>
      nameSharedSchemas(new Map([['a', a]]), { overrides: { 'getGone 200 data': 'Gone' } }),
    ).toThrow(/SCHEMA_NAMES\['getGone 200 data'\] names no shared schema's place/);
  });

  it('makes the last word singular', () => {
    expect(singular('PayrollRuns')).toBe('PayrollRun');
    expect(singular('Categories')).toBe('Category');
    expect(singular('Addresses')).toBe('Address');
    expect(singular('Statuses')).toBe('Status');
    expect(singular('KybStatus')).toBe('KybStatus');
  });
});
