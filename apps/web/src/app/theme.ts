import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';
import {
  type BrandColors,
  brandCssVariables,
  contrastRatio,
  defaultBrandColors,
  minimumContrast,
  mixWithWhite,
} from '@portal/contract';
import { getRuntimeConfig } from '../lib/runtime-config.ts';

// A navy scale built around the brand ink (#0b2545); shade 8 is the interactive primary (8.9:1 on white).
const defaultNavy: MantineColorsTuple = [
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

// How much white each shade of another firm's scale has, from shade 0 to shade 9 (the primary itself); about
// the steps of the default scale.
const whiteShares = [0.93, 0.86, 0.7, 0.56, 0.44, 0.36, 0.3, 0.22, 0.12, 0] as const;

/**
 * The `navy` palette for a primary colour: the portal's own scale for the default, otherwise the primary mixed
 * with white. Shade 8 (buttons, links) takes less white where needed to keep 4.5:1 for white text on it and for
 * it as text on white (the primary itself passes: the server refuses one that does not).
 */
export const navyPalette = (primary: string): MantineColorsTuple => {
  if (primary.toLowerCase() === defaultBrandColors.primary) return defaultNavy;
  const shades = whiteShares.map((share) => mixWithWhite(primary, share));
  for (let share = Math.round(whiteShares[8] * 100); share >= 0; share--) {
    shades[8] = mixWithWhite(primary, share / 100);
    if (contrastRatio(shades[8], '#ffffff') >= minimumContrast) break;
  }
  return shades as unknown as MantineColorsTuple;
};

const systemSans =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif';

/** The Mantine theme for the firm's colours (read once from /config.js, which loads before the app). */
export const buildTheme = (colors: BrandColors) =>
  createTheme({
    primaryColor: 'navy',
    primaryShade: 8,
    colors: { navy: navyPalette(colors.primary) },
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
      // The close button of every dialog, drawer and toast has a name, also while its dialog fades out. Not every
      // CloseButton: inputs use it to clear a value, which 'Close' would misname.
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
      // the button that empties an input (a date picker's, a select's)
      InputClearButton: { defaultProps: { 'aria-label': 'Clear' } },
      Button: { defaultProps: { size: 'md' } },
      TextInput: { defaultProps: { size: 'md' } },
      PasswordInput: { defaultProps: { size: 'md' } },
      Modal: {
        defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
        styles: {
          title: {
            fontFamily: 'Georgia, Cambria, "Times New Roman", Times, serif',
            fontSize: '1.3rem',
            fontWeight: 600,
            color: colors.primary,
          },
        },
      },
    },
  });

// Mantine's light-scheme error (red.6) and dimmed (gray.6) texts are below 4.5:1 on white; these pass AA.
// The firm's colour variables also come from here (the server's page has them too) so that the app shows the
// configured colours where the page is not the server's (the Vite dev server).
export const variablesResolverFor =
  (colors: BrandColors): CSSVariablesResolver =>
  () => ({
    variables: brandCssVariables(colors),
    light: {
      '--mantine-color-error': '#b3261e',
      '--mantine-color-dimmed': '#4a5568',
      '--mantine-color-anchor': navyPalette(colors.primary)[8],
      '--mantine-color-placeholder': '#6b7280',
    },
    dark: {},
  });

const { colors } = getRuntimeConfig().firm;
export const theme = buildTheme(colors);
export const cssVariablesResolver = variablesResolverFor(colors);
