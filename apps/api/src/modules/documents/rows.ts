// OCR lines from different blocks that sit on one row of the page ("Subtotal" in one block, its
// figure in a block at the right margin) joined left to right, rows top to bottom: the parser
// reads a label and its amount as one line whatever tesseract's page segmentation did.
import type { Line } from './parse';

export type BoxedLine = Line & { x0: number; x1: number; y0: number; y1: number };

const overlapY = (a: BoxedLine, b: BoxedLine) =>
  (Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0)) / Math.max(1, Math.min(a.y1 - a.y0, b.y1 - b.y0));
const overlapX = (a: BoxedLine, b: BoxedLine) => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0;

export function pageRows(lines: BoxedLine[]): Line[] {
  const rows: BoxedLine[][] = [];
  for (const l of [...lines].sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1))) {
    const row = rows.find((r) => r.every((x) => overlapY(x, l) >= 0.6 && !overlapX(x, l)));
    if (row) row.push(l);
    else rows.push([l]);
  }
  return rows
    .sort((a, b) => Math.min(...a.map((l) => l.y0)) - Math.min(...b.map((l) => l.y0)))
    .map((r) => {
      const parts = r.sort((a, b) => a.x0 - b.x0);
      const chars = parts.reduce((n, p) => n + p.text.length, 0);
      return {
        text: parts.map((p) => p.text).join(' '),
        // weighted by length: one long confident line is not spoilt by a short doubtful one
        confidence: parts.reduce((c, p) => c + p.confidence * p.text.length, 0) / Math.max(1, chars),
        height: Math.max(...parts.map((p) => p.y1 - p.y0)),
      };
    });
}
