// Test fixtures: a receipt or invoice drawn as an image (DejaVu, @napi-rs/canvas) or a text PDF.
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { fileForm, pdfOf } from '../files/fixtures';

const FONT_DIR = '/usr/share/fonts/truetype/dejavu';
GlobalFonts.registerFromPath(`${FONT_DIR}/DejaVuSans.ttf`, 'DejaVu Sans');

/** A page of lines drawn in DejaVu Sans, black on white; the first line large (the issuer). */
export function drawPage(lines: string[], type: 'png' | 'jpeg' = 'png'): Buffer {
  const c = createCanvas(1100, 160 + lines.length * 44);
  const g = c.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, c.width, c.height);
  g.fillStyle = '#000';
  lines.forEach((l, i) => {
    g.font = i === 0 ? 'bold 34px "DejaVu Sans"' : '22px "DejaVu Sans"';
    g.fillText(l, 60, 90 + i * 44);
  });
  return type === 'png' ? c.toBuffer('image/png') : c.toBuffer('image/jpeg', 80);
}

/** A PDF with a text layer: one line of text per line. */
export function textPdf(lines: string[]): Promise<Buffer> {
  return pdfOf((doc) => {
    doc.font(`${FONT_DIR}/DejaVuSans.ttf`);
    for (const l of lines) doc.text(l);
  });
}

/** A scanned PDF: the page is an image, there is no text layer. */
export function scannedPdf(png: Buffer): Promise<Buffer> {
  return pdfOf((doc) => doc.image(png, 0, 0, { width: 595 }));
}

export { fileForm as form };
