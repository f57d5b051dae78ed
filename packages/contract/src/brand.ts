/**
 * The firm's colours (issue 5: the firm is configurable). The colour maths that the server's configuration
 * check, the server's page (CSS variables) and the web theme (Mantine palette) share: hex parsing, WCAG 2
 * relative luminance and contrast ratio, and mixing with white. Pure.
 */

/** The portal's own look: used when FIRM_COLOR / FIRM_ACCENT_COLOR are unset. */
export const defaultBrandColors = { primary: '#0b2545', accent: '#c9a96e' } as const;
export interface BrandColors {
  primary: string;
  accent: string;
}

/** WCAG AA for normal text: white on the primary (header, footer, banner), ink on the accent (buttons, labels). */
export const minimumContrast = 4.5;

/** `#rrggbb`; the configuration and the runtime config only carry colours of this form (lower case). */
export const hexColorPattern = /^#[0-9a-fA-F]{6}$/;
export const isHexColor = (value: unknown): value is string =>
  typeof value === 'string' && hexColorPattern.test(value);

type Rgb = readonly [number, number, number];

export const parseHexColor = (hex: string): Rgb | null => {
  if (!isHexColor(hex)) return null;
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

const toHex = (rgb: Rgb) =>
  `#${rgb
    .map((channel) =>
      Math.round(Math.min(255, Math.max(0, channel)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

const rgbOf = (hex: string): Rgb => {
  const rgb = parseHexColor(hex);
  if (!rgb) throw new Error(`Not a #rrggbb colour: ${hex}`);
  return rgb;
};

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export const relativeLuminance = (hex: string) => {
  const [r, g, b] = rgbOf(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
export const contrastRatio = (a: string, b: string) => {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
};

/** A ratio as people read it, rounded down so that 4.499 never shows as 4.5. */
export const formatContrast = (ratio: number) => `${Math.floor(ratio * 100) / 100}:1`;

/** The colour with `whiteShare` (0 to 1) of white mixed in, in sRGB (as CSS color-mix does). */
export const mixWithWhite = (hex: string, whiteShare: number) => {
  const share = Math.min(1, Math.max(0, whiteShare));
  return toHex(rgbOf(hex).map((channel) => channel + (255 - channel) * share) as unknown as Rgb);
};

/**
 * `hex` mixed with up to `whiteShare` of white, less where needed so that white text on it keeps
 * `minimumContrast` (the colour itself must pass: the configuration refuses a primary that does not).
 */
export const lightenKeepingContrast = (hex: string, whiteShare: number) => {
  for (let share = Math.round(whiteShare * 100); share > 0; share--) {
    const mixed = mixWithWhite(hex, share / 100);
    if (contrastRatio(mixed, '#ffffff') >= minimumContrast) return mixed;
  }
  return hex.toLowerCase();
};

/** What is wrong with a pair of brand colours, by field; empty when both are usable. */
export const brandColorProblems = (colors: BrandColors): Partial<Record<keyof BrandColors, string>> => {
  const problems: Partial<Record<keyof BrandColors, string>> = {};
  if (!isHexColor(colors.primary)) problems.primary = 'must be a colour written #rrggbb, such as #0b2545';
  if (!isHexColor(colors.accent)) problems.accent = 'must be a colour written #rrggbb, such as #c9a96e';
  if (problems.primary || problems.accent) return problems;
  const onWhite = contrastRatio(colors.primary, '#ffffff');
  if (onWhite < minimumContrast) {
    problems.primary = `white text on it has a contrast of ${formatContrast(onWhite)}, it needs at least ${minimumContrast}:1 (choose a darker colour)`;
  }
  const onAccent = contrastRatio(colors.accent, colors.primary);
  if (onAccent < minimumContrast) {
    problems.accent = `the primary colour's text on it has a contrast of ${formatContrast(onAccent)}, it needs at least ${minimumContrast}:1 (choose a lighter accent or a darker primary)`;
  }
  return problems;
};

/**
 * FIRM_LOGO: a picture in the media storage's public `brand` folder, served at /api/media/brand/{file}
 * (the media route accepts the same names there).
 */
// The name starts with a letter or digit, as every storage key does (a leading '.', '-' or '_' is refused there).
export const brandLogoPattern = /^brand\/[A-Za-z0-9][\w.-]*\.(svg|png|webp)$/;
export const brandFilePattern = /^[A-Za-z0-9][\w.-]*\.(svg|png|webp)$/;

const sameColor = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
export const isDefaultBrand = (colors: BrandColors) =>
  sameColor(colors.primary, defaultBrandColors.primary) &&
  sameColor(colors.accent, defaultBrandColors.accent);

/**
 * The portal's colour variables (apps/web/src/app/global.css) for the configured colours; empty for the default
 * look, which the stylesheet already has. `--portal-ink-2` and `--portal-ink-3` are the primary lightened for
 * gradients (cookie banner, landing banner) and keep white text readable.
 */
export const brandCssVariables = (colors: BrandColors): Record<string, string> => {
  if (isDefaultBrand(colors)) return {};
  const primary = colors.primary.toLowerCase();
  const defaultPrimary = sameColor(primary, defaultBrandColors.primary);
  return {
    '--portal-ink': primary,
    '--portal-ink-2': defaultPrimary ? '#13315c' : lightenKeepingContrast(primary, 0.06),
    '--portal-ink-3': defaultPrimary ? '#1f4a7a' : lightenKeepingContrast(primary, 0.14),
    '--portal-accent': colors.accent.toLowerCase(),
  };
};

/** The letter of the firm's mark (the logo box, the boot splash, the landing's loader): one rule for all. */
export const firmInitial = (name: string) => name.trim().charAt(0).toUpperCase();
