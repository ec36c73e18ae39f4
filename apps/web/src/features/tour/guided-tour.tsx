// First-run guided tour (000 §2.9, §4.8). Place <GuidedTour /> once in the dashboard layout. It
// starts itself on the first visit, highlights the step's data-tour target (see tour-steps.ts)
// and writes its state to the persisted store, so finishing or skipping is remembered. The dimmed
// backdrop never takes clicks: the tour guides, it does not lock the page (E2E flows and users can
// keep working; Skip tour or Escape ends it). It never opens over the KYB setup (the user is
// filling a form there) and shows only the steps whose target is on the current page, so it never
// points at payouts tabs that are not there (issue 37).
import { Box, Button, Group, Paper, Portal, Text, Title } from '@mantine/core';
import { useEffect, useLayoutEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { updateTour, useStore } from '../../lib/store';
import { stepsFor, type TourStep } from './tour-steps';
import { finishTour, startFirstRun, TOUR_DELAY_MS } from './tour-state';
import { useTranslation } from 'react-i18next';

const CARD_WIDTH = 320;
const GAP = 12;
// Above the page and the app shell, below drawers and modals (300+), so an open drawer covers the
// tour; Mantine menus (300) stay above the dimmed backdrop, which lights up Make Payment entries.
const Z = 250;

type Rect = { top: number; left: number; width: number; height: number };

/**
 * Asked when a step's target is on the page but hidden (a sidebar entry inside a collapsed group):
 * `detail` is its data-tour name. The sidebar opens the group holding it; the next look finds it.
 */
export const TOUR_REVEAL_EVENT = 'owo:tour-reveal';

/** The first target present but not laid out (zero size), or null. */
function hiddenTarget(step: TourStep): string | null {
  for (const s of step.targets) {
    const el = document.querySelector(s);
    if (!el) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return el.getAttribute('data-tour');
  }
  return null;
}

function findTarget(step: TourStep): Rect | null {
  for (const s of step.targets) {
    const el = document.querySelector(s);
    if (!el) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    return { top: r.top, left: r.left, width: r.width, height: r.height };
  }
  return null;
}

/** Whether a step's target is on the page (laid out, or in a collapsed sidebar group it can open). */
const isPresent = (step: TourStep) => step.targets.some((s) => document.querySelector(s));

/** The steps whose target is on the page, looked at again every half second (screens load late). */
function usePresentSteps(steps: TourStep[], active: boolean) {
  const [present, setPresent] = useState<string[]>([]);
  useLayoutEffect(() => {
    if (!active) return;
    const update = () => {
      const next = steps.filter(isPresent).map((s) => s.id);
      setPresent((prev) => (prev.join() === next.join() ? prev : next));
    };
    update();
    const id = setInterval(update, 500);
    return () => clearInterval(id);
  }, [steps, active]);
  return steps.filter((s) => present.includes(s.id));
}

/** The KYB setup: a form being filled, never covered by the tour. */
const onKybSetup = (pathname: string) => pathname.startsWith(paths.account.setup.href());

function useTargetRect(step: TourStep | undefined) {
  const [rect, setRect] = useState<Rect | null>(null);
  useLayoutEffect(() => {
    if (!step) return;
    // Asked at most twice per step: the first ask can come before the sidebar listens (same commit).
    let asks = 0;
    const update = () => {
      const next = findTarget(step);
      setRect((prev) => (JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
      // Nothing visible: ask for a hidden target to be shown (not forever: the user may close it again).
      const hidden = next || asks >= 2 ? null : hiddenTarget(step);
      if (hidden) {
        asks += 1;
        window.dispatchEvent(new CustomEvent(TOUR_REVEAL_EVENT, { detail: hidden }));
      }
    };
    update();
    // Targets can appear late (a menu opening, a lazy screen): look again every half second.
    const id = setInterval(update, 500);
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, true);
    return () => {
      clearInterval(id);
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, true);
    };
  }, [step]);
  return rect;
}

// Placed with `transform` from the viewport's corner, never with top/left: a fixed box whose
// top/left change (target found, page scrolled, next step) is a layout shift, a transformed one is
// not (signed-in CLS was 0.68 on the dashboard with the tour open, issue 38 §3).
const at = (x: number | string, y: number | string): React.CSSProperties => ({
  top: 0,
  left: 0,
  transform: `translate(${typeof x === 'number' ? `${x}px` : x}, ${typeof y === 'number' ? `${y}px` : y})`,
});

function cardPosition(rect: Rect | null): React.CSSProperties {
  if (!rect) return at('calc(50vw - 50%)', 'calc(50vh - 50%)');
  const below = rect.top + rect.height + GAP;
  const fitsBelow = below + 220 < window.innerHeight;
  const left = Math.min(Math.max(GAP, rect.left), Math.max(GAP, window.innerWidth - CARD_WIDTH - GAP));
  return fitsBelow ? at(left, below) : at(left, Math.max(GAP, rect.top - GAP - 220));
}

/** Darkens the page around the step's target (or the whole page when there is none). */
function Spotlight({ rect }: { rect: Rect | null }) {
  const pad = 6;
  return (
    <Box
      aria-hidden
      style={
        rect
          ? {
              position: 'fixed',
              zIndex: Z,
              ...at(rect.left - pad, rect.top - pad),
              width: rect.width + pad * 2,
              height: rect.height + pad * 2,
              borderRadius: 10,
              boxShadow: '0 0 0 9999px rgba(15, 23, 42, 0.55)',
              pointerEvents: 'none',
              transition: 'transform 150ms ease, width 150ms ease, height 150ms ease',
            }
          : {
              position: 'fixed',
              zIndex: Z,
              inset: 0,
              background: 'rgba(15, 23, 42, 0.45)',
              pointerEvents: 'none',
            }
      }
    />
  );
}

export function GuidedTour() {
  const { t } = useTranslation('tour');
  const tour = useStore((s) => s.tour);
  const [index, setIndex] = useState(0);
  const kyb = onKybSetup(useLocation().pathname);
  const running = tour.status === 'in-progress' && !kyb;
  const steps = usePresentSteps(stepsFor(tour.progress), running);
  const step = running && steps.length ? steps[Math.min(index, steps.length - 1)] : undefined;
  const rect = useTargetRect(step);

  // First run: start once the dashboard has rendered (not on the KYB setup: it waits for the dashboard).
  useEffect(() => {
    if (tour.status !== 'idle' || kyb) return;
    const delay = setTimeout(() => updateTour(startFirstRun(tour)), TOUR_DELAY_MS);
    return () => clearTimeout(delay);
  }, [tour, kyb]);

  useEffect(() => setIndex(0), [tour.progress]);

  useEffect(() => {
    if (!running) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && updateTour(finishTour(tour));
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [running, tour]);

  if (!step) return null;
  const isLast = index >= steps.length - 1;
  const done = () => updateTour(finishTour(tour));

  return (
    <Portal>
      <Spotlight rect={rect} />
      <Paper
        role="dialog"
        aria-modal="false"
        aria-labelledby="owo-tour-title"
        data-testid="guided-tour"
        data-step={step.id}
        shadow="xl"
        radius="md"
        p="lg"
        w={CARD_WIDTH}
        maw="calc(100vw - 24px)"
        style={{ position: 'fixed', zIndex: Z + 1, ...cardPosition(rect) }}
      >
        <Text fz="xs" c="owo.8" fw={700}>
          {t('guidedTour.of', { value: index + 1, length: steps.length })}
        </Text>
        <Title order={4} id="owo-tour-title" mt={4}>
          {t(`steps.${step.id}.title`)}
        </Title>
        <Text fz="sm" c="dark.4" mt={6}>
          {t(`steps.${step.id}.text`)}
        </Text>
        <Group justify="space-between" mt="lg">
          <Button variant="subtle" size="xs" onClick={done}>
            {t('guidedTour.skipTour')}
          </Button>
          <Group gap="xs">
            {index > 0 && (
              <Button variant="secondary" size="xs" onClick={() => setIndex(index - 1)}>
                {t('guidedTour.back')}
              </Button>
            )}
            <Button size="xs" onClick={isLast ? done : () => setIndex(index + 1)}>
              {isLast ? t('guidedTour.finish') : t('guidedTour.next')}
            </Button>
          </Group>
        </Group>
      </Paper>
    </Portal>
  );
}
