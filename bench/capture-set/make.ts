// npm run capture:make — writes the capture bench's document set (bench/capture-set/main) and the
// small held-out set (bench/capture-set/heldout: other vendors, fonts, date and number forms),
// each with expected.json. Seeded: the same files on every run. See bench/capture.ts.
import fs from 'node:fs';
import path from 'node:path';
import { makeDoc, rng } from './docs';
import { cleanPng, HELD_FONTS, LAYOUTS, MAIN_FONTS, photoJpeg, type LayoutName } from './layouts';

type Entry = { file: string; set: 'clean' | 'photo'; layout: string; font: string; expected: unknown };

function writeSet(dir: string, count: number, seed: number, heldout: boolean) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const r = rng(seed);
  const names = Object.keys(LAYOUTS) as LayoutName[];
  const fonts = heldout ? HELD_FONTS : MAIN_FONTS;
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    const layout = names[i % names.length];
    const font = fonts[Math.floor(i / names.length) % fonts.length];
    const doc = makeDoc(r, i % 3 === 2 || layout === 'pos' ? 'receipt' : 'invoice', heldout);
    const page = LAYOUTS[layout](doc, font);
    const id = String(i + 1).padStart(2, '0');
    fs.writeFileSync(path.join(dir, `${id}-clean.png`), cleanPng(page));
    fs.writeFileSync(path.join(dir, `${id}-photo.jpg`), photoJpeg(page, r));
    const fontUsed = layout === 'pos' ? 'DejaVu Sans Mono' : font;
    entries.push({ file: `${id}-clean.png`, set: 'clean', layout, font: fontUsed, expected: doc.expected });
    entries.push({ file: `${id}-photo.jpg`, set: 'photo', layout, font: fontUsed, expected: doc.expected });
  }
  fs.writeFileSync(path.join(dir, 'expected.json'), `${JSON.stringify(entries, null, 2)}\n`);
  console.log(`${dir}: ${entries.length} documents`);
}

const here = path.dirname(new URL(import.meta.url).pathname);
writeSet(path.join(here, 'main'), 32, 39, false);
writeSet(path.join(here, 'heldout'), 8, 1939, true);
