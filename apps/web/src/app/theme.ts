import {
  createTheme,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';

// Owo green, built around #0b7a4b (index 7 is the filled shade in light mode).
const owo: MantineColorsTuple = [
  '#e6f7ef',
  '#cdeedd',
  '#9cdcbb',
  '#67c996',
  '#3cb978',
  '#20ab63',
  '#0f9456',
  '#0b7a4b',
  '#07663e',
  '#02502f',
];

// Mantine's gray with a darker 6: it is the 'dimmed' text colour, and the default #868e96 fails
// WCAG AA contrast (3.3:1 on white; axe color-contrast). #5f6770 gives 5.7:1 on white, 5.2:1 on gray.1.
const gray: MantineColorsTuple = [
  '#f8f9fa',
  '#f1f3f5',
  '#e9ecef',
  '#dee2e6',
  '#ced4da',
  '#adb5bd',
  '#5f6770',
  '#495057',
  '#343a40',
  '#212529',
];

/**
 * The one button hierarchy (issue 37). A screen names the level it means and nothing else:
 * - `primary` (or no variant): the one main action of a screen, form or dialog (filled Owo green);
 * - `secondary`: the other actions beside it (white, grey border);
 * - `subtle`: low-key actions: Cancel in a row of actions, Close, back links, test-only tools (text only);
 * - `danger`: destructive actions: delete, disconnect, terminate, reject (red text on pale red).
 * kit-usage.test.ts refuses any other `variant=` or a `color=` on a Button in the areas that use it.
 */
export const BUTTON_LEVELS = ['primary', 'secondary', 'subtle', 'danger'] as const;
export type ButtonLevel = (typeof BUTTON_LEVELS)[number];

const levels: VariantColorsResolver = (input) => {
  if (input.variant === 'primary') return defaultVariantColorsResolver({ ...input, variant: 'filled' });
  if (input.variant === 'secondary') return defaultVariantColorsResolver({ ...input, variant: 'default' });
  if (input.variant === 'danger')
    // red.9 on red.0 is 5.3:1 (WCAG AA); Mantine's light red (red.6 text) is 3.6:1.
    return {
      background: 'var(--mantine-color-red-0)',
      hover: 'var(--mantine-color-red-1)',
      color: 'var(--mantine-color-red-9)',
      border: '1px solid var(--mantine-color-red-3)',
    };
  return defaultVariantColorsResolver(input);
};

export const theme = createTheme({
  variantColorResolver: levels,
  primaryColor: 'owo',
  primaryShade: 7,
  colors: { owo, gray },
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    fontWeight: '650',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'md', padding: 'lg' } },
    Button: { defaultProps: { radius: 'md' } },
    // Most tab lists here navigate between routes and render no Tabs.Panel: Mantine's aria-controls
    // would name a panel that does not exist (axe: aria-valid-attr-value, critical). A tab may omit
    // aria-controls; null passes Mantine's prop filter and React then writes no attribute.
    TabsTab: { defaultProps: { 'aria-controls': null } },
  },
});
