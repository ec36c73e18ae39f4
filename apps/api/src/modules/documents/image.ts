// Page images for OCR: a photo or scan made greyscale, its contrast stretched and small pages
// upscaled (tesseract reads best at ~300 dpi); a PDF page without a text layer rendered to pixels.
// @napi-rs/canvas ships prebuilt binaries in its npm package: nothing is installed at run time.
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { DOCUMENT_MAX_PIXELS } from '@owo/contract';

/** Pages narrower than this are upscaled; wider ones are left as they are (speed). */
const MIN_WIDTH = 1600;
const MAX_WIDTH = 2400;

/** Width and height from a PNG's or JPEG's header, without decoding it; null when unreadable. */
export function imageSize(b: Buffer): { width: number; height: number } | null {
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47)
    return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  for (let i = 2; i + 9 < b.length;) {
    if (b[i] !== 0xff) return null;
    const m = b[i + 1];
    if (m === 0xff) {
      i++; // fill byte
      continue;
    }
    // SOFn (not DHT c4, JPG c8, DAC cc) carries the frame's height and width.
    if (m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc)
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    if (m === 0x01 || (m >= 0xd0 && m <= 0xd9)) i += 2;
    else i += 2 + b.readUInt16BE(i + 2);
  }
  return null;
}

/** Whether an image may be decoded: its header is readable and claims at most DOCUMENT_MAX_PIXELS. */
export function decodable(bytes: Buffer): boolean {
  const size = imageSize(bytes);
  return !!size && size.width > 0 && size.height > 0 && size.width * size.height <= DOCUMENT_MAX_PIXELS;
}

/** Greyscale, contrast-stretched PNG of an image, scaled into [MIN_WIDTH, MAX_WIDTH]. */
export async function prepareImage(bytes: Buffer): Promise<Buffer> {
  if (!decodable(bytes)) throw new Error('image too large or unreadable');
  const img = await loadImage(bytes);
  const scale =
    img.width < MIN_WIDTH ? MIN_WIDTH / img.width : img.width > MAX_WIDTH ? MAX_WIDTH / img.width : 1;
  const w = Math.round(img.width * scale);
  const h = Math.round(img.height * scale);
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, w, h);
  ctx.drawImage(img, 0, 0, w, h);
  const data = ctx.getImageData(0, 0, w, h);
  greyStretched(data.data);
  ctx.putImageData(data, 0, 0);
  return canvas.toBuffer('image/png');
}

/** In place: RGBA → grey, the darkest 1% to black and the lightest 1% to white. */
function greyStretched(px: Uint8ClampedArray) {
  const hist = new Uint32Array(256);
  for (let i = 0; i < px.length; i += 4) {
    const g = (px[i] * 299 + px[i + 1] * 587 + px[i + 2] * 114) / 1000;
    px[i] = g;
    hist[px[i]]++;
  }
  const n = px.length / 4;
  let lo = 0;
  let hi = 255;
  for (let acc = 0; lo < 255 && (acc += hist[lo]) < n * 0.01; lo++);
  for (let acc = 0; hi > 0 && (acc += hist[hi]) < n * 0.01; hi--);
  // A sparse page (a few lines on white) has less than 1% ink: never stretch more than 4x.
  lo = Math.min(lo, 96);
  hi = Math.max(hi, 160);
  const span = hi - lo;
  for (let i = 0; i < px.length; i += 4) {
    const v = Math.max(0, Math.min(255, ((px[i] - lo) * 255) / span));
    px[i] = px[i + 1] = px[i + 2] = v;
    px[i + 3] = 255;
  }
}

/** The first page of a PDF as a PNG (scanned PDFs: no text layer to read). */
export async function renderPdfPage(bytes: Buffer): Promise<Buffer> {
  const { getDocumentProxy, renderPageAsImage } = await import('unpdf');
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  const page = await doc.getPage(1);
  const { width } = page.getViewport({ scale: 1 });
  const png = await renderPageAsImage(doc, 1, {
    canvasImport: () => import('@napi-rs/canvas'),
    scale: Math.min(4, MIN_WIDTH / width),
  });
  return Buffer.from(png);
}
