import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

// A navy scale built around the brand ink (#0b2545); shade 8 is the interactive primary (8.9:1 on white).
const navy: MantineColorsTuple = [
  '#eef2f8',
  '#dce4ef',
  '#b6c6dd',
  '#8ea7ca',
  '#6b8bb8',
  '#5378ad',
  '#446ca6',
  '#355b91',
  '#244a7c',
  '#0b2545',
];

const systemSans =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'navy',
  primaryShade: 8,
  colors: { navy },
  fontFamily: systemSans,
  headings: {
    fontFamily: 'Georgia, Cambria, "Times New Roman", Times, serif',
    fontWeight: '600',
  },
  defaultRadius: 'sm',
  focusRing: 'auto',
  cursorType: 'pointer',
  respectReducedMotion: true,
  black: '#14213d',
  components: {
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Modal: {
      styles: {
        title: {
          fontFamily: 'Georgia, Cambria, "Times New Roman", Times, serif',
          fontSize: '1.3rem',
          fontWeight: 600,
          color: '#0b2545',
        },
      },
    },
  },
});

// Mantine's light-scheme error (red.6) and dimmed (gray.6) texts are below 4.5:1 on white; these pass AA.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': '#b3261e',
    '--mantine-color-dimmed': '#4a5568',
    '--mantine-color-anchor': '#244a7c',
    '--mantine-color-placeholder': '#6b7280',
  },
  dark: {},
});
