// The content of a generated receipt or invoice: a Nigerian vendor, items, VAT at 7.5%, a date and
// an invoice number in one of the forms people print, a bank and a valid NUBAN. Seeded, so the
// set is the same on every run. `heldout` draws from other names and forms than the main set.
import { makeNuban } from '@owo/contract';

export type Rng = () => number;
/** mulberry32: a small seeded generator. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
const int = (r: Rng, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));

export type Expected = {
  kind: 'invoice' | 'receipt';
  vendorName: string;
  invoiceNumber: string;
  date: string;
  currency: string;
  total: string;
  vat: string | null;
  bankCode: string | null;
  accountNumber: string | null;
};
export type Item = { name: string; qty: number; unitMinor: number };
export type Doc = {
  expected: Expected;
  /** The bank as printed (name or alias) */
  bankText: string | null;
  items: Item[];
  subMinor: number;
  vatMinor: number | null;
  totalMinor: number;
  dateText: string;
  numberLabel: string;
  /** How an amount is written: `₦1,234.50`, `NGN 1,234.50`, `N1,234.50`, `$1,234.50`, `1,234.50` */
  money: (minor: number) => string;
  address: string;
  customer: string;
  phone: string;
};

const VENDORS = [
  'Adebayo Foods Limited',
  'Chidi & Sons Enterprises',
  'Lekki Office Supplies Ltd',
  'Kano Grains Nigeria Ltd',
  'Ikeja Print Hub',
  'Zuma Logistics Limited',
  'Bolaji Pharmacy',
  'Eko Hardware Stores',
  'Abuja Tech Solutions Ltd',
  'Onitsha Auto Parts Ventures',
  'Yaba Creative Studio',
  'Aso Rock Catering Services',
  'Delta Diesel Supply Co.',
  'Enugu Coal City Furniture',
  'Ife Agro Allied Ltd',
  'Benin Bronze Interiors',
  'Calabar Fresh Fish Mart',
  'Jos Plateau Farms Ltd',
  'Owerri Paints and Chemicals',
  'Sokoto Leather Works',
];
const HELD_VENDORS = [
  'Ogbomoso Cassava Mills Ltd',
  'Makurdi Yam Traders',
  'Warri Marine Services Ltd',
  'Ilorin Textile Company',
  'Uyo Solar Energy Ltd',
  'Kaduna Steel Fabrication',
  'Akure Cocoa Exporters',
  'Maiduguri Livestock Supplies',
];
const ITEMS = [
  'Rice 50kg bag',
  'A4 paper ream',
  'Diesel (litres)',
  'Printer toner',
  'Office chair',
  'Cement 50kg',
  'Laptop repair',
  'Catering service',
  'Vegetable oil 25L',
  'Delivery charge',
  'Paint 20L',
  'Internet subscription',
  'Generator servicing',
  'Bottled water (carton)',
  'Security service',
  'Logo design',
];
const BANKS: [string, string[]][] = [
  ['058', ['GTBank', 'Guaranty Trust Bank']],
  ['011', ['First Bank', 'First Bank of Nigeria']],
  ['057', ['Zenith Bank']],
  ['044', ['Access Bank']],
  ['033', ['UBA', 'United Bank for Africa']],
  ['214', ['FCMB', 'First City Monument Bank']],
  ['070', ['Fidelity Bank']],
  ['232', ['Sterling Bank']],
  ['035', ['Wema Bank']],
  ['221', ['Stanbic IBTC Bank']],
  ['032', ['Union Bank']],
  ['050', ['Ecobank']],
];
const STREETS = [
  'Allen Avenue, Ikeja',
  'Adeola Odeku Street, VI',
  'Wuse II, Abuja',
  'Aba Road, Port Harcourt',
  'Ring Road, Ibadan',
];
const CUSTOMERS = ['Owo Test Ltd', 'Kola Ventures', 'Sunrise Schools', 'Green Farms Nig. Ltd'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const ord = (d: number) =>
  d % 10 === 1 && d !== 11 ? 'st' : d % 10 === 2 && d !== 12 ? 'nd' : d % 10 === 3 && d !== 13 ? 'rd' : 'th';
const pad = (n: number) => String(n).padStart(2, '0');

function dateText(r: Rng, y: number, m: number, d: number, heldout: boolean): string {
  const forms = heldout
    ? [
        () => `${MONTHS[m - 1].slice(0, 3)} ${d}, ${y}`,
        () => `${pad(d)}.${pad(m)}.${y}`,
        () => `${d} ${MONTHS[m - 1]}, ${y}`,
      ]
    : [
        () => `${pad(d)}/${pad(m)}/${y}`,
        () => `${pad(d)}-${pad(m)}-${y}`,
        () => `${y}-${pad(m)}-${pad(d)}`,
        () => `${d}${ord(d)} ${MONTHS[m - 1].slice(0, 3)}, ${y}`,
        () => `${d} ${MONTHS[m - 1]} ${y}`,
      ];
  return pick(r, forms)();
}

function invoiceNumber(r: Rng, kind: 'invoice' | 'receipt', y: number, heldout: boolean): string {
  const n = int(r, 1, 9999);
  if (heldout)
    return pick(r, [
      `BL-${y}${pad(int(r, 1, 12))}-${n}`,
      `SO${int(r, 10000, 99999)}`,
      `${int(r, 100, 999)}/${y}`,
    ]);
  if (kind === 'receipt')
    return pick(r, [String(n).padStart(6, '0'), `RCT-${int(r, 10000, 99999)}`, `R${y}${n}`]);
  return pick(r, [
    `INV-${y}-${String(n).padStart(4, '0')}`,
    `INV/${String(n).padStart(4, '0')}/${String(y).slice(2)}`,
    `${int(r, 1000, 99999)}`,
  ]);
}

const group = (minor: number) => `${Math.trunc(minor / 100).toLocaleString('en-US')}.${pad(minor % 100)}`;

/** One document; `kind` alternates so both kinds appear in every layout. */
export function makeDoc(r: Rng, kind: 'invoice' | 'receipt', heldout = false): Doc {
  const usd = r() < 0.1;
  const currency = usd ? 'USD' : 'NGN';
  const mark = usd ? pick(r, ['$', 'USD ']) : pick(r, ['₦', 'NGN ', 'N', '']);
  const money = (minor: number) => `${mark}${group(minor)}`;
  const items = Array.from({ length: int(r, 1, 4) }, () => ({
    name: pick(r, ITEMS),
    qty: int(r, 1, 12),
    unitMinor: (usd ? int(r, 5, 900) : int(r, 500, 250000)) * 100 + pick(r, [0, 0, 0, 50, 25]),
  }));
  const subMinor = items.reduce((s, i) => s + i.qty * i.unitMinor, 0);
  const hasVat = kind === 'invoice' || r() < 0.6;
  const vatMinor = hasVat ? Math.round(subMinor * 0.075) : null;
  const totalMinor = subMinor + (vatMinor ?? 0);
  const y = int(r, 2024, 2027);
  const m = int(r, 1, 12);
  const d = int(r, 1, 28);
  const withBank = kind === 'invoice' ? r() < 0.9 : r() < 0.2;
  const [code, names] = pick(r, BANKS);
  const accountNumber = withBank ? makeNuban(code, String(int(r, 0, 999_999_999)).padStart(9, '0')) : null;
  const labels =
    kind === 'invoice'
      ? ['Invoice No:', 'Invoice #', 'Invoice Number:', 'Inv. No.']
      : ['Receipt No:', 'Receipt #', 'Receipt No.'];
  return {
    expected: {
      kind,
      vendorName: pick(r, heldout ? HELD_VENDORS : VENDORS),
      invoiceNumber: invoiceNumber(r, kind, y, heldout),
      date: `${y}-${pad(m)}-${pad(d)}`,
      currency,
      total: group(totalMinor).replace(/,/g, ''),
      vat: vatMinor === null ? null : group(vatMinor).replace(/,/g, ''),
      bankCode: withBank ? code : null,
      accountNumber,
    },
    bankText: withBank ? pick(r, names) : null,
    items,
    subMinor,
    vatMinor,
    totalMinor,
    dateText: dateText(r, y, m, d, heldout),
    numberLabel: pick(r, labels),
    money,
    address: `${int(r, 1, 120)} ${pick(r, STREETS)}`,
    customer: pick(r, CUSTOMERS),
    phone: `0${pick(r, ['803', '805', '812', '909', '703'])} ${int(r, 100, 999)} ${int(r, 1000, 9999)}`,
  };
}
