// The document reader (issue 39 §1): bytes of a JPEG, PNG or PDF → the fields of a receipt or
// vendor invoice. A PDF with a text layer is read directly; a scanned PDF is rendered and, like a
// photo, read by OCR (ocr.ts, worker threads). Fields come from parse.ts. Stores nothing.
import { fromMinor, type ExtractedDocument } from '@owo/contract';
import { NIGERIAN_BANKS } from '../../rails/banks';
import { prepareImage, renderPdfPage } from './image';
import { recognize } from './ocr';
import { parseDocument, type Line } from './parse';

export type DocumentMime = 'image/jpeg' | 'image/png' | 'application/pdf';

/** A PDF's text layer as lines (items on one baseline joined, top to bottom); [] when it has none. */
export async function pdfLines(bytes: Buffer): Promise<Line[]> {
  try {
    const { extractTextItems, getDocumentProxy } = await import('unpdf');
    const doc = await getDocumentProxy(new Uint8Array(bytes));
    const { items } = await extractTextItems(doc);
    const lines: Line[] = [];
    for (const page of items) {
      const rows = new Map<number, { x: number; s: string; h: number }[]>();
      for (const it of page) {
        if (!it.str.trim()) continue;
        const key = [...rows.keys()].find((y) => Math.abs(y - it.y) < Math.max(2, it.height / 3)) ?? it.y;
        rows.set(key, [...(rows.get(key) ?? []), { x: it.x, s: it.str, h: it.fontSize }]);
      }
      for (const y of [...rows.keys()].sort((a, b) => b - a)) {
        const row = rows.get(y)!.sort((a, b) => a.x - b.x);
        const text = row.map((r) => r.s).join('  ');
        lines.push({ text, confidence: 1, height: Math.max(...row.map((r) => r.h)) });
      }
    }
    return lines;
  } catch {
    return [];
  }
}

/** A PDF's text in one string ('' when it has none): the bill inbox's first reading. */
export async function pdfText(bytes: Buffer): Promise<string> {
  return (await pdfLines(bytes)).map((l) => l.text).join('\n');
}

async function linesOf(bytes: Buffer, mime: DocumentMime): Promise<Line[]> {
  if (mime === 'application/pdf') {
    const text = await pdfLines(bytes);
    if (text.filter((l) => /\w{2}/.test(l.text)).length >= 3) return text;
    return (await recognize(await prepareImage(await renderPdfPage(bytes)))).lines;
  }
  return (await recognize(await prepareImage(bytes))).lines;
}

/** Reads a receipt or invoice; a field not found is null. `accountName` is left to the caller. */
export async function readDocument(bytes: Buffer, mime: DocumentMime): Promise<ExtractedDocument> {
  const lines = await linesOf(bytes, mime);
  const p = parseDocument(lines, NIGERIAN_BANKS);
  return {
    kind: p.kind,
    vendorName: p.vendorName,
    invoiceNumber: p.invoiceNumber,
    date: p.date,
    currency: p.currency,
    total: p.totalMinor === null ? null : fromMinor(p.totalMinor),
    totalMinor: p.totalMinor,
    vat: p.vatMinor === null ? null : fromMinor(p.vatMinor),
    vatMinor: p.vatMinor,
    bankCode: p.bankCode,
    bankName: p.bankName,
    accountNumber: p.accountNumber,
    accountName: null,
    confidence: p.confidence,
    text: lines.map((l) => l.text).join('\n'),
  };
}
