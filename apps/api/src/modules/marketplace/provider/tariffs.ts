// Tariffs are a setting (ELECTRICITY_TARIFFS): naira per kWh by band, with per-disco overrides.
import { createHash } from 'node:crypto';

export const BANDS = ['A', 'B', 'C', 'D', 'E'] as const;
export type Band = (typeof BANDS)[number];

/** 'A:209.50,B:63,IKEDC.A:210' -> kobo per kWh for a disco and band. */
export function parseTariffs(setting: string): (disco: string, band: Band) => number {
  const map = new Map<string, number>();
  for (const part of setting.split(',')) {
    const [k, v] = part.split(':').map((x) => x.trim());
    if (!k || !v || !/^\d+(\.\d{1,2})?$/.test(v)) throw new Error(`ELECTRICITY_TARIFFS: bad entry "${part}"`);
    map.set(k.toUpperCase(), Math.round(Number(v) * 100));
  }
  return (disco, band) => {
    const t = map.get(`${disco.toUpperCase()}.${band}`) ?? map.get(band);
    if (!t) throw new Error(`ELECTRICITY_TARIFFS: no tariff for band ${band}`);
    return t;
  };
}

/** A meter's band, fixed per meter (the sandbox's directory). */
export function bandOf(meterNo: string): Band {
  return BANDS[createHash('sha256').update(meterNo).digest()[0] % BANDS.length];
}

/** kWh = amount ÷ tariff, to 2 decimals (truncated: the provider never rounds units up). */
export function unitsFor(amountMinor: number, koboPerKwh: number): string {
  const hundredths = Math.floor((amountMinor * 100) / koboPerKwh);
  return `${Math.trunc(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}
