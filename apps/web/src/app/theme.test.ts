import { contrastRatio, minimumContrast, relativeLuminance } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildTheme, navyPalette, variablesResolverFor } from './theme.ts';

describe('theme colours', () => {
  it("keeps the portal's own navy scale for the default primary", () => {
    expect(navyPalette('#0b2545')).toEqual([
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
    ]);
    expect(navyPalette('#0B2545')[8]).toBe('#244a7c');
  });

  it.each([
    '#1b4332',
    '#5a1e3c',
    '#000000',
    // at the limit: hardly any white can be mixed in before white text falls below 4.5:1
    '#767676',
    '#0f5a8a',
  ])('builds ten shades from lighter to the primary %s, shade 8 readable with white', (primary) => {
    const shades = navyPalette(primary);
    expect(shades).toHaveLength(10);
    expect(shades[9]).toBe(primary);
    for (let i = 1; i < 10; i++) {
      expect(relativeLuminance(shades[i] ?? ''), `shade ${i}`).toBeLessThanOrEqual(
        relativeLuminance(shades[i - 1] ?? ''),
      );
    }
    expect(contrastRatio(shades[8] ?? '', '#ffffff')).toBeGreaterThanOrEqual(minimumContrast);
    expect(shades[0]).not.toBe(primary);
  });

  it('colours modal titles and links with the primary', () => {
    const theme = buildTheme({ primary: '#1b4332', accent: '#d8f3dc' });
    expect(theme.colors?.navy?.[9]).toBe('#1b4332');
    const modal = theme.components?.Modal?.styles as { title: { color: string } };
    expect(modal.title.color).toBe('#1b4332');
    const resolved = variablesResolverFor({ primary: '#1b4332', accent: '#d8f3dc' })(
      {} as Parameters<ReturnType<typeof variablesResolverFor>>[0],
    );
    expect(resolved.light['--mantine-color-anchor']).toBe(navyPalette('#1b4332')[8]);
    expect(resolved.variables['--portal-ink']).toBe('#1b4332');
    // The default look adds no variables: global.css has them.
    expect(
      variablesResolverFor({ primary: '#0b2545', accent: '#c9a96e' })(
        {} as Parameters<ReturnType<typeof variablesResolverFor>>[0],
      ).variables,
    ).toEqual({});
  });
});
