// The forecast's what-if (issue 39 §2): an item moved to another week changes the view only; the
// weeks are recomputed here from the answer with the contract's own `forecastWeeks`. Nothing is saved.
import { useMemo, useState } from 'react';
import { addDays, type Forecast, forecastWeeks } from '@owo/contract/insights-forecast';

export type WhatIf = ReturnType<typeof useWhatIf>;

/** The date an item lands on when moved to the week starting `start`: its weekday there, never before today. */
export function movedDate(original: string, start: string, asOf: string) {
  const dow = (new Date(`${original}T00:00:00Z`).getUTCDay() + 6) % 7;
  const d = addDays(start, dow);
  return d < asOf ? asOf : d;
}

export function useWhatIf(f: Forecast | undefined) {
  const [moves, setMoves] = useState<Record<string, string>>({});
  const view = useMemo(() => {
    if (!f || !Object.keys(moves).length) return f;
    const items = f.weeks
      .flatMap((w) => w.items)
      .map((i) => (moves[i.key] ? { ...i, date: moves[i.key] } : i));
    return {
      ...f,
      ...forecastWeeks({ asOf: f.asOf, weeks: f.weeks.length, openingMinor: f.openingMinor, items }),
    };
  }, [f, moves]);
  return {
    view,
    moved: Object.keys(moves).length,
    move: (key: string, date: string) => setMoves((m) => ({ ...m, [key]: date })),
    reset: () => setMoves({}),
  };
}
