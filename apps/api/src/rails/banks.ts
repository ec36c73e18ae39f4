import type { Bank } from './port';

// The Nigerian banks we pay to (NIGERIA.md "Banks"): CBN/provider code, NIP code and kind.
// Types: dmb = deposit money bank (NUBAN check enforced), merchant = merchant bank (CBN code,
// enforced too), mfb = microfinance bank, fintech = mobile-money operator / payment service bank
// (both: check is a warning only; the name lookup decides).

const row = (name: string, code: string, nipCode: string | null, type: Bank['type']): Bank => ({
  code,
  name,
  nipCode,
  type,
  active: true,
  currency: 'NGN',
});

export const NIGERIAN_BANKS: readonly Bank[] = [
  row('Access Bank', '044', '000014', 'dmb'),
  row('Access Bank (Diamond)', '063', '000005', 'dmb'),
  row('Citibank Nigeria', '023', '000009', 'dmb'),
  row('Ecobank Nigeria', '050', '000010', 'dmb'),
  row('Fidelity Bank', '070', '000007', 'dmb'),
  row('First Bank of Nigeria', '011', '000016', 'dmb'),
  row('First City Monument Bank', '214', '000003', 'dmb'),
  row('Guaranty Trust Bank', '058', '000013', 'dmb'),
  row('Keystone Bank', '082', '000002', 'dmb'),
  row('Polaris Bank', '076', '000008', 'dmb'),
  row('Stanbic IBTC Bank', '221', '000012', 'dmb'),
  row('Standard Chartered Bank', '068', '000021', 'dmb'),
  row('Sterling Bank', '232', '000001', 'dmb'),
  row('Union Bank of Nigeria', '032', '000018', 'dmb'),
  row('United Bank For Africa', '033', '000004', 'dmb'),
  row('Unity Bank', '215', '000011', 'dmb'),
  row('Wema Bank', '035', '000017', 'dmb'),
  row('Zenith Bank', '057', '000015', 'dmb'),
  row('Providus Bank', '101', '000023', 'dmb'),
  row('Jaiz Bank', '301', '000006', 'dmb'),
  row('Globus Bank', '00103', '000027', 'dmb'),
  row('Titan Trust Bank', '102', '000025', 'dmb'),
  row('TAJ Bank', '302', '000026', 'dmb'),
  row('Suntrust Bank', '100', '000022', 'dmb'),
  row('Coronation Merchant Bank', '559', '060001', 'merchant'),
  row('Kuda', '50211', null, 'mfb'),
  row('Moniepoint', '50515', null, 'mfb'),
  row('OPay', '999992', null, 'fintech'),
  row('PalmPay', '999991', null, 'fintech'),
  row('Paga', '100002', null, 'fintech'),
  row('VFD Microfinance Bank', '566', null, 'mfb'),
  row('Carbon', '565', null, 'fintech'),
];

// The sandbox uses this same list: its virtual (funding) accounts are issued at Providus Bank (101),
// as real providers use partner banks (rails/sandbox/test-accounts.ts SANDBOX_VIRTUAL_BANK), and its
// documented test accounts are at Guaranty Trust Bank (058). No fake bank code is needed.

export function findBank(banks: readonly Bank[], code: string): Bank | undefined {
  return banks.find((b) => b.code === code);
}
