// npm run bench:capture — the document reader (issue 39 §1) over the kept set
// (bench/capture-set/main: invoices and receipts in 4 layouts and 4 fonts, each clean and as a
// photo-like JPEG; made by `npm run capture:make`). Every document goes through readDocument as
// the API reads it; the fields are compared with expected.json and per-field misses printed.
// Ends with the three lines: field accuracy (clean), field accuracy (photo), seconds per page p50.
//   --smoke         3 clean documents; exits 1 if one is misread
//   --set heldout   the held-out set instead (other vendors, fonts, date and number forms)
import fs from 'node:fs';
import path from 'node:path';
import { DOCUMENT_LOW_CONFIDENCE } from '@owo/contract';
import { readDocument, type DocumentMime } from '../apps/api/src/modules/documents';
import { closeOcr } from '../apps/api/src/modules/documents/ocr';
import { DOCUMENT_FIELDS } from '@owo/contract';

type Expected = Record<(typeof FIELDS)[number], string | null>;
type Entry = { file: string; set: 'clean' | 'photo'; layout: string; font: string; expected: Expected };

const FIELDS = DOCUMENT_FIELDS;
const args = process.argv.slice(2);
const smoke = args.includes('--smoke');
const setName = args.includes('--set') ? args[args.indexOf('--set') + 1] : 'main';
const dir = path.join(path.dirname(new URL(import.meta.url).pathname), 'capture-set', setName);

const squash = (s: string | null) => (s === null ? null : s.toLowerCase().replace(/\s+/g, ''));
const same = (field: string, want: string | null, got: string | null) =>
  field === 'vendorName' ? squash(want) === squash(got) : want === got;

const p50 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.ceil(s.length / 2) - 1] : 0;
};

async function main() {
  let entries = JSON.parse(fs.readFileSync(path.join(dir, 'expected.json'), 'utf8')) as Entry[];
  if (smoke) entries = entries.filter((e) => e.set === 'clean').slice(0, 3);
  const score = { clean: { ok: 0, all: 0 }, photo: { ok: 0, all: 0 } };
  const misses: Record<string, number> = {};
  const seconds: number[] = [];
  const cpuSeconds: number[] = [];
  let smokeFailed = false;
  // How well the confidence tells right from wrong: a wrong field the screen would not highlight,
  // and a right one it would (below DOCUMENT_LOW_CONFIDENCE).
  const calib = { wrongButSure: 0, wrong: 0, rightButFlagged: 0, right: 0 };
  // Warm the OCR workers first: the figure is seconds per page of a running server, not its start.
  await readDocument(fs.readFileSync(path.join(dir, entries[0].file)), mimeOf(entries[0].file));
  for (const e of entries) {
    const bytes = fs.readFileSync(path.join(dir, e.file));
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const got = await readDocument(bytes, mimeOf(e.file));
    seconds.push((performance.now() - t0) / 1000);
    const c = process.cpuUsage(c0); // this process's threads, the OCR worker included
    cpuSeconds.push((c.user + c.system) / 1e6);
    const wrong: string[] = [];
    for (const f of FIELDS) {
      score[e.set].all++;
      const sure = (got.confidence[f] ?? 0) >= DOCUMENT_LOW_CONFIDENCE;
      const found = got[f] !== null;
      if (same(f, e.expected[f], got[f] as string | null)) {
        score[e.set].ok++;
        if (found) [calib.right, calib.rightButFlagged] = [calib.right + 1, calib.rightButFlagged + +!sure];
      } else {
        if (found) [calib.wrong, calib.wrongButSure] = [calib.wrong + 1, calib.wrongButSure + +sure];
        wrong.push(`${f}: want ${JSON.stringify(e.expected[f])} got ${JSON.stringify(got[f])}`);
        misses[`${e.set} ${f}`] = (misses[`${e.set} ${f}`] ?? 0) + 1;
      }
    }
    if (wrong.length) {
      console.log(`${e.file} (${e.layout}, ${e.font}): ${wrong.join('; ')}`);
      if (e.set === 'clean') smokeFailed = true;
    }
  }
  await closeOcr();
  console.log(`documents: ${entries.length} from ${path.relative(process.cwd(), dir)}`);
  for (const [k, n] of Object.entries(misses).sort()) console.log(`misses ${k}: ${n}`);
  console.log(
    `confidence: ${calib.wrongButSure} of ${calib.wrong} wrong fields at or above ${DOCUMENT_LOW_CONFIDENCE}; ` +
      `${calib.rightButFlagged} of ${calib.right} right fields below it`,
  );
  // Wall time depends on what else the machine runs; CPU time per page tells the reader's own cost.
  console.log(`capture cpu seconds per page p50: ${p50(cpuSeconds).toFixed(2)} s`);
  const pct = (s: { ok: number; all: number }) => (s.all ? ((100 * s.ok) / s.all).toFixed(1) : 'n/a');
  console.log(`capture field accuracy (clean): ${pct(score.clean)} %`);
  console.log(`capture field accuracy (photo): ${pct(score.photo)} %`);
  console.log(`capture seconds per page p50: ${p50(seconds).toFixed(2)} s`);
  if (smoke && smokeFailed) process.exitCode = 1;
}

function mimeOf(file: string): DocumentMime {
  if (file.endsWith('.pdf')) return 'application/pdf';
  return file.endsWith('.png') ? 'image/png' : 'image/jpeg';
}

void main();
