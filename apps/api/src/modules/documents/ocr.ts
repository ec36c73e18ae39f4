// Local OCR (issue 39 §1): tesseract.js with the English data installed from npm, nothing fetched
// at run time. One scheduler, created on first use and kept warm; its workers are worker threads,
// so a request waiting for a page never blocks the event loop. `closeOcr()` ends them (app close).
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScheduler, createWorker, OEM, type Scheduler } from 'tesseract.js';
import type { Line } from './parse';
import { pageRows, type BoxedLine } from './rows';

const require = createRequire(import.meta.url);

export type OcrPage = { lines: Line[]; confidence: number };

let scheduler: Promise<Scheduler> | null = null;

/** Workers: one per spare core at most (2-core machines keep one core for the API). */
const WORKERS = Math.max(1, Number(process.env.OCR_WORKERS ?? 1));

async function start(): Promise<Scheduler> {
  const eng = require('@tesseract.js-data/eng') as { langPath: string; gzip: boolean };
  const cachePath = join(tmpdir(), 'owo-tesseract');
  mkdirSync(cachePath, { recursive: true });
  const s = createScheduler();
  for (let i = 0; i < WORKERS; i++) {
    const w = await createWorker('eng', OEM.LSTM_ONLY, {
      langPath: eng.langPath,
      gzip: eng.gzip,
      cachePath,
      cacheMethod: 'write',
    });
    await w.setParameters({ user_defined_dpi: '300' });
    s.addWorker(w);
  }
  return s;
}

function ocr(): Promise<Scheduler> {
  if (!scheduler) {
    scheduler = start();
    scheduler.catch(() => (scheduler = null)); // a failed start is tried again next time
  }
  return scheduler;
}

type TLine = { text: string; confidence: number; bbox: { x0: number; x1: number; y0: number; y1: number } };
type TData = {
  confidence: number;
  blocks: { paragraphs: { lines: TLine[] }[] }[] | null;
};

/** The page's lines with tesseract's confidence for each (0..1); `rotateAuto` straightens a skew. */
export async function recognize(image: Buffer): Promise<OcrPage> {
  const s = await ocr();
  const r = (await s.addJob('recognize', image, { rotateAuto: true }, { text: true, blocks: true })) as {
    data: TData;
  };
  const lines: BoxedLine[] = [];
  for (const b of r.data.blocks ?? [])
    for (const p of b.paragraphs)
      for (const l of p.lines)
        if (l.text.trim()) lines.push({ text: l.text.trim(), confidence: l.confidence / 100, ...l.bbox });
  return { lines: pageRows(lines), confidence: r.data.confidence / 100 };
}

/** Ends the workers (tests and the server exit cleanly); the next read starts them again. */
export async function closeOcr(): Promise<void> {
  const s = scheduler;
  scheduler = null;
  if (s) await (await s.catch(() => null))?.terminate();
}
