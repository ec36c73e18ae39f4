import { createTheme, type MantineColorsTuple } from '@mantine/core';

// Owo green, built around #0b7a4b (index 7 is the filled shade in light mode).
const owo: MantineColorsTuple = [
  '#e6f7ef', '#cdeedd', '#9cdcbb', '#67c996', '#3cb978', '#20ab63', '#0f9456', '#0b7a4b', '#07663e', '#02502f',
];

export const theme = createTheme({
  primaryColor: 'owo',
  primaryShade: 7,
  colors: { owo },
  fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'md', padding: 'lg' } },
    Button: { defaultProps: { radius: 'md' } },
  },
});
