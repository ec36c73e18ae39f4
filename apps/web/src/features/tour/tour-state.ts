// Tour state transitions (000 §4.8, §3 Tour state): initial {status 'idle', progress 1}; the
// first run starts the tour; finishing or skipping completes it; opening the Make Payment menu
// once the first tour is completed (progress < 2) starts the Make Payment tour after 1000 ms.
import { TOUR_DELAY_MS } from '@owo/contract';
import type { TourState } from '../../lib/store';

export const startFirstRun = (s: TourState): TourState =>
  s.status === 'idle' ? { ...s, status: 'in-progress' } : s;
export const finishTour = (s: TourState): TourState => ({ ...s, status: 'completed' });
export const shouldStartMakePaymentTour = (s: TourState) => s.progress < 2 && s.status === 'completed';
export const startMakePaymentTour = (s: TourState): TourState => ({
  ...s,
  progress: 2,
  status: 'in-progress',
});
export { TOUR_DELAY_MS };
