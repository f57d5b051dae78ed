import { describe, expect, it } from 'vitest';
import {
  cleanQuote,
  clipQuote,
  fitQuote,
  layoutSocialTile,
  type MeasureText,
  type SocialTileInput,
  socialTileSize,
  tileGeometry,
  tileQuoteMaxChars,
  wrapClamped,
  wrapText,
} from './social-tile.ts';

/** A font's size from its CSS shorthand ('italic 400 50px Georgia' -> 50). */
const sizeOf = (font: string) => Number(/(\d+)px/.exec(font)?.[1] ?? 16);
/** Every character half as wide as the font is high: a monospaced stand-in for the browser's measureText. */
const measure: MeasureText = (text, font) => [...text].length * sizeOf(font) * 0.5;
const charWidth = (text: string) => [...text].length * 10;

const input = (overrides: Partial<SocialTileInput> = {}): SocialTileInput => ({
  quote: 'Memory prices rise a further 15% in the second half.',
  title: 'Asia Semiconductors: the memory upcycle has further to run',
  analyst: 'Mei Lin Chan',
  date: '28 Nov 2026',
  address: 'research.example.com',
  firmName: 'Harbourline Research',
  colors: { primary: '#0b2545', accent: '#c9a96e' },
  logo: null,
  labels: { kicker: 'RESEARCH INSIGHT', readAt: 'Read the full report at' },
  ...overrides,
});

describe('social tile text', () => {
  it('wraps at words within the width, and splits a word wider than a line', () => {
    expect(wrapText('aa bb cc dd', 50, charWidth)).toEqual(['aa bb', 'cc dd']);
    expect(wrapText('aa bb cc dd', 49, charWidth)).toEqual(['aa', 'bb', 'cc', 'dd']);
    expect(wrapText('abcdefghijkl x', 50, charWidth)).toEqual(['abcde', 'fghij', 'kl x']);
    for (const line of wrapText('one two three four five six seven', 120, charWidth))
      expect(charWidth(line)).toBeLessThanOrEqual(120);
  });

  it('clamps to a number of lines with an ellipsis that fits', () => {
    const lines = wrapClamped('one two three four five six seven eight', 100, 2, charWidth);
    expect(lines).toHaveLength(2);
    expect(lines[1]?.endsWith('…')).toBe(true);
    for (const line of lines) expect(charWidth(line)).toBeLessThanOrEqual(100);
    expect(wrapClamped('short', 100, 2, charWidth)).toEqual(['short']);
  });

  it('cleans the selection (spaces, line breaks, surrounding quotes) and clips long passages at a word', () => {
    expect(cleanQuote('  “Margins have\n  bottomed.”  ')).toBe('Margins have bottomed.');
    expect(cleanQuote('"quoted"')).toBe('quoted');
    const long = 'word '.repeat(200).trim();
    const clipped = clipQuote(long);
    expect(clipped.length).toBeLessThanOrEqual(tileQuoteMaxChars);
    expect(clipped.endsWith('word…')).toBe(true);
    expect(clipQuote('short')).toBe('short');
  });
});

describe('fitting the quote', () => {
  const box = { width: 880, height: 342 };

  it('takes the largest size for a short quote, in quotation marks', () => {
    const fitted = fitQuote('Margins have bottomed.', box, measure);
    expect(fitted.fontSize).toBe(tileGeometry.quote.maxFont);
    expect(fitted.lines).toEqual(['“Margins have bottomed.”']);
  });

  it('shrinks a longer quote until every line fits the box', () => {
    const quote =
      'We expect memory prices to rise a further 15% in the second half as hyperscalers keep building capacity while supply additions stay disciplined through 2027 and inventories stay lean.';
    const fitted = fitQuote(quote, box, measure);
    expect(fitted.fontSize).toBeLessThan(tileGeometry.quote.maxFont);
    expect(fitted.fontSize).toBeGreaterThanOrEqual(tileGeometry.quote.minFont);
    expect(fitted.lines.length * fitted.lineHeight).toBeLessThanOrEqual(box.height);
    for (const line of fitted.lines)
      expect(measure(line, `${fitted.fontSize}px x`)).toBeLessThanOrEqual(box.width);
    // The largest size that fits: one pixel more would not.
    const larger = fitQuote(quote, box, measure, {
      maxFont: fitted.fontSize + 1,
      minFont: fitted.fontSize + 1,
      lineHeight: tileGeometry.quote.lineHeight,
    });
    expect(larger.lines.length * larger.lineHeight > box.height || larger.lines.at(-1)?.includes('…')).toBe(
      true,
    );
    expect(fitted.lines[0]?.startsWith('“')).toBe(true);
    expect(fitted.lines.at(-1)?.endsWith('”')).toBe(true);
    expect(fitted.lines.join(' ')).toBe(`“${quote}”`);
  });

  it('cuts a quote too long for the smallest size, keeping it inside the box', () => {
    const fitted = fitQuote('lorem ipsum '.repeat(200).trim(), box, measure);
    expect(fitted.fontSize).toBe(tileGeometry.quote.minFont);
    expect(fitted.lines.length * fitted.lineHeight).toBeLessThanOrEqual(box.height);
    expect(fitted.lines.at(-1)?.endsWith('…”')).toBe(true);
  });
});

describe('the tile layout', () => {
  it('keeps every text inside the 1024x708 tile and the quote in its box', () => {
    const layout = layoutSocialTile(
      input({ title: 'A very long report title '.repeat(6), analyst: 'Alexandra Papadopoulou-Whitfield' }),
      measure,
    );
    expect([layout.width, layout.height]).toEqual([socialTileSize.width, socialTileSize.height]);
    for (const text of layout.texts) {
      const width = measure(text.text, text.font);
      const left = text.align === 'right' ? text.x - width : text.x;
      expect(left, text.text).toBeGreaterThanOrEqual(tileGeometry.margin);
      expect(left + width, text.text).toBeLessThanOrEqual(socialTileSize.width - tileGeometry.margin);
      expect(text.y).toBeLessThan(socialTileSize.height);
    }
    const q = layout.quote;
    expect(q.top).toBeGreaterThanOrEqual(tileGeometry.quote.top);
    expect(q.top + q.lines.length * q.lineHeight).toBeLessThanOrEqual(tileGeometry.quote.bottom);
    // The title takes two lines at most; the footer's texts sit in the white band.
    const footer = layout.texts.filter((t) => t.y > tileGeometry.footer.top);
    expect(footer.map((t) => t.text)).toContain('Read the full report at');
    expect(footer.map((t) => t.text)).toContain('research.example.com');
    expect(
      footer.some((t) => t.text.startsWith('Alexandra Papadopoulou-Whitfield\u2002·\u200228 Nov 2026')),
    ).toBe(true);
    expect(footer.filter((t) => t.font.includes('700')).length).toBeLessThanOrEqual(2);
  });

  it("draws the firm's initial without a logo, and the logo scaled into the header when there is one", () => {
    const plain = layoutSocialTile(input(), measure);
    expect(plain.mark?.initial).toBe('H');
    expect(plain.logo).toBeNull();
    expect(plain.texts.map((t) => t.text)).toContain('Harbourline Research');
    const logo = { source: {} as CanvasImageSource, width: 600, height: 120 };
    const withLogo = layoutSocialTile(input({ logo }), measure);
    expect(withLogo.mark).toBeNull();
    expect(withLogo.logo).toEqual({ x: tileGeometry.margin, y: expect.any(Number), width: 260, height: 52 });
  });
});
