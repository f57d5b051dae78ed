import { describe, expect, it } from 'vitest';
import {
  brandColorProblems,
  brandCssVariables,
  brandLogoPattern,
  contrastRatio,
  defaultBrandColors,
  formatContrast,
  isDefaultBrand,
  lightenKeepingContrast,
  minimumContrast,
  mixWithWhite,
  parseHexColor,
  relativeLuminance,
} from './brand.ts';

describe('brand colours', () => {
  it('parses #rrggbb only', () => {
    expect(parseHexColor('#0b2545')).toEqual([11, 37, 69]);
    expect(parseHexColor('#FFFFFF')).toEqual([255, 255, 255]);
    for (const bad of ['0b2545', '#0b254', '#0b25456', '#fff', '#0b254g', 'navy', ' #0b2545']) {
      expect(parseHexColor(bad), bad).toBeNull();
    }
  });

  it('computes WCAG relative luminance and contrast', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#000000')).toBe(21);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    // Known values: #767676 is the lightest grey with 4.5:1 on white.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
    // The default palette: shade 8 of the navy scale.
    expect(formatContrast(contrastRatio('#244a7c', '#ffffff'))).toBe('8.95:1');
  });

  it('rounds a ratio down for messages', () => {
    expect(formatContrast(4.499)).toBe('4.49:1');
    expect(formatContrast(21)).toBe('21:1');
  });

  it('mixes with white in sRGB', () => {
    expect(mixWithWhite('#000000', 0.5)).toBe('#808080');
    expect(mixWithWhite('#0b2545', 0)).toBe('#0b2545');
    expect(mixWithWhite('#0b2545', 1)).toBe('#ffffff');
    expect(mixWithWhite('#0B2545', 2)).toBe('#ffffff');
  });

  it('lightens only as far as white text stays readable', () => {
    // #595959 is 7:1 on white; half white would be far too light.
    const lightened = lightenKeepingContrast('#595959', 0.5);
    expect(contrastRatio(lightened, '#ffffff')).toBeGreaterThanOrEqual(minimumContrast);
    expect(lightened).not.toBe('#595959');
    // A colour at the limit stays as it is.
    expect(lightenKeepingContrast('#767676', 0.2)).toBe('#767676');
  });

  it('accepts the default colours and explains refused ones with the ratio needed', () => {
    expect(brandColorProblems(defaultBrandColors)).toEqual({});
    expect(brandColorProblems({ primary: 'navy', accent: '#c9a96e' }).primary).toMatch(/#rrggbb/);
    expect(brandColorProblems({ primary: '#0b2545', accent: 'gold' }).accent).toMatch(/#rrggbb/);
    const light = brandColorProblems({ primary: '#8899aa', accent: '#ffffff' });
    expect(light.primary).toMatch(/white text on it has a contrast of 2\.\d+:1, it needs at least 4\.5:1/);
    const dull = brandColorProblems({ primary: '#0b2545', accent: '#44556a' });
    expect(dull.primary).toBeUndefined();
    expect(dull.accent).toMatch(/contrast of \d\.\d+:1, it needs at least 4\.5:1/);
  });

  it('has no variables for the default look and derives readable shades for another primary', () => {
    expect(isDefaultBrand({ primary: '#0B2545', accent: '#C9A96E' })).toBe(true);
    expect(brandCssVariables(defaultBrandColors)).toEqual({});
    // Only the accent changed: the ink shades are the stylesheet's own.
    expect(brandCssVariables({ primary: '#0b2545', accent: '#E0C080' })).toEqual({
      '--portal-ink': '#0b2545',
      '--portal-ink-2': '#13315c',
      '--portal-ink-3': '#1f4a7a',
      '--portal-accent': '#e0c080',
    });
    const variables = brandCssVariables({ primary: '#5A1E3C', accent: '#f2d28b' });
    expect(variables['--portal-ink']).toBe('#5a1e3c');
    for (const name of ['--portal-ink', '--portal-ink-2', '--portal-ink-3']) {
      expect(contrastRatio(variables[name] ?? '', '#ffffff'), name).toBeGreaterThanOrEqual(minimumContrast);
    }
    expect(variables['--portal-ink-2']).not.toBe(variables['--portal-ink']);
  });

  it('accepts logo files in the brand folder only', () => {
    for (const good of ['brand/logo.svg', 'brand/quayside-logo.v2.png', 'brand/mark_1.webp']) {
      expect(brandLogoPattern.test(good), good).toBe(true);
    }
    for (const bad of [
      'logo.svg',
      'brand/logo.gif',
      'brand/sub/logo.svg',
      'sliders/1.webp',
      'brand/.svg',
      'brand/a b.png',
    ]) {
      expect(brandLogoPattern.test(bad), bad).toBe(false);
    }
  });
});
