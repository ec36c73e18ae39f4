// Test fixtures: real small files of each kind, and a multipart upload helper.
import PDFDocument from 'pdfkit';
import type { client } from '../../../test/helpers';

export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** An A4 PDF drawn by `draw` (pdfkit), as bytes. */
export function pdfOf(draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

export function makePdf(text = 'Certificate of Incorporation'): Promise<Buffer> {
  return pdfOf((doc) => doc.text(text));
}

/** A multipart body with one `file` part. */
export function fileForm(bytes: Buffer, name: string, type: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

export async function upload(
  api: ReturnType<typeof client>,
  bytes: Buffer,
  name: string,
  type = 'application/octet-stream',
) {
  return api.post('/api/files/upload', fileForm(bytes, name, type));
}
