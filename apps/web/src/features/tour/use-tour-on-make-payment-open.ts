import { useCallback, useEffect, useRef } from 'react';
import { store, updateTour } from '../../lib/store';
import { shouldStartMakePaymentTour, startMakePaymentTour, TOUR_DELAY_MS } from './tour-state';

/**
 * Returns a callback for the Make Payment menu's open event (Mantine Menu `onOpen`): when the
 * first tour is completed and progress is below 2, the Make Payment tour starts 1000 ms later
 * (000 §4.8), once the menu's entries are on screen.
 */
export function useTourOnMakePaymentOpen() {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(() => {
    if (!shouldStartMakePaymentTour(store.get().tour)) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      const tour = store.get().tour;
      if (shouldStartMakePaymentTour(tour)) updateTour(startMakePaymentTour(tour));
    }, TOUR_DELAY_MS);
  }, []);
}
