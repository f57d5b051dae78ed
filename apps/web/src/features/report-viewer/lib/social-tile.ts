import { viewerAdminLimits } from '@portal/contract';

/**
 * The Social Media Tile (spec 2 "Social Media Tiles", section 9: a 1024x708 canvas): a quote selected in a report,
 * on the firm's colours with its logo, the report's title, the lead analyst, the published date and the portal's
 * address. Pure: `layoutSocialTile` places every piece of text with a measuring function (tested without a
 * browser), `drawSocialTile` paints that layout on any 2D context.
 */

export const socialTileSize = {
  width: viewerAdminLimits.tileWidth,
  height: viewerAdminLimits.tileHeight,
} as const;

/** The longest quote a tile takes (longer passages are cut at a word, with an ellipsis). */
export const tileQuoteMaxChars = 360;

const serif = 'Georgia, Cambria, "Times New Roman", Times, serif';
const sans = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** The tile's geometry, in canvas pixels. */
export const tileGeometry = {
  margin: 72,
  /** the accent rule along the left edge */
  edge: 10,
  header: { top: 52, markSize: 52, logoMaxWidth: 260 },
  quote: { top: 178, bottom: 520, maxFont: 60, minFont: 24, lineHeight: 1.3 },
  /** the white footer band with the report's title, byline and address */
  footer: { top: 566, rule: 6, titleFont: 25, bylineFont: 18, addressFont: 17 },
} as const;

export interface TileColors {
  /** the firm's primary colour (#rrggbb): the tile's ground */
  primary: string;
  /** the firm's accent colour (#rrggbb): rules, the logo mark, the quotation marks */
  accent: string;
}

/** A picture ready to draw (the firm's logo), with its size in pixels. */
export interface TileImage {
  source: CanvasImageSource;
  width: number;
  height: number;
}

export interface SocialTileInput {
  quote: string;
  title: string;
  /** the lead analyst's name ('' when the report has none) */
  analyst: string;
  /** the published date as readers see it ('28 Nov 2026') */
  date: string;
  /** the portal's address as people type it ('research.example.com') */
  address: string;
  firmName: string;
  colors: TileColors;
  /** the firm's logo; null draws the firm's initial in the header's mark */
  logo: TileImage | null;
  /** the tile's fixed words (the contract's): the label on the header's line, the address's lead-in */
  labels: { kicker: string; readAt: string };
}

/** The width of `text` drawn in `font` (a CSS font shorthand), in canvas pixels. */
export type MeasureText = (text: string, font: string) => number;

export const quoteFont = (size: number) => `italic 400 ${size}px ${serif}`;
/** The quotation marks: upright and bold, a little larger than the quote (they are the tile's ornament). */
const markFontOf = (size: number) => `700 ${Math.round(size * 1.2)}px ${serif}`;
const titleFont = `700 ${tileGeometry.footer.titleFont}px ${sans}`;
const bylineFont = `400 ${tileGeometry.footer.bylineFont}px ${sans}`;
const addressFont = `600 ${tileGeometry.footer.addressFont}px ${sans}`;
const addressLabelFont = `400 ${tileGeometry.footer.addressFont - 2}px ${sans}`;
const firmFont = `600 30px ${serif}`;
const kickerFont = `700 15px ${sans}`;
const markFont = `600 30px ${serif}`;
const ellipsis = '…';

/** Spaces and line breaks collapsed, straight or curly quotes around the whole passage removed. */
export const cleanQuote = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["'“”‘’«»]+\s*/, '')
    .replace(/\s*["'“”‘’«»]+$/, '')
    .trim();

/** `text` cut at a word to at most `max` characters, with an ellipsis when cut. */
export const clipQuote = (text: string, max = tileQuoteMaxChars) => {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}${ellipsis}`;
};

/** A word wider than the line, split into pieces that fit (a long URL or number). */
const splitWord = (word: string, maxWidth: number, width: (text: string) => number) => {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece && width(piece + char) > maxWidth) {
      pieces.push(piece);
      piece = char;
    } else piece += char;
  }
  if (piece) pieces.push(piece);
  return pieces;
};

/** Greedy word wrap of `text` into lines no wider than `maxWidth` (a word wider than a line is split). */
export const wrapText = (text: string, maxWidth: number, width: (text: string) => number): string[] => {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (width(candidate) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    if (width(word) <= maxWidth) line = word;
    else {
      const pieces = splitWord(word, maxWidth, width);
      lines.push(...pieces.slice(0, -1));
      line = pieces.at(-1) ?? '';
    }
  }
  if (line) lines.push(line);
  return lines;
};

/** The first `maxLines` lines of `text` wrapped, the last one ending in an ellipsis when the text goes on. */
export const wrapClamped = (
  text: string,
  maxWidth: number,
  maxLines: number,
  width: (text: string) => number,
  /** what ends a cut text (the quote's closing mark goes after the ellipsis) */
  cutEnd = ellipsis,
): string[] => {
  const lines = wrapText(text, maxWidth, width);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1] ?? '';
  while (last && width(`${last}${cutEnd}`) > maxWidth) last = last.replace(/\s*\S+$/, '');
  kept[maxLines - 1] = `${last.replace(/[\s,;:.–—-]+$/, '')}${cutEnd}`;
  return kept;
};

export interface FittedQuote {
  fontSize: number;
  lineHeight: number;
  /** the quote's lines, the first starting with '“' and the last ending with '”' */
  lines: string[];
}

/**
 * The quote, in quotation marks, at the largest font size (whole pixels, from maxFont down to minFont) at which it
 * fits the box; at minFont a quote that still does not fit is cut to the lines there is room for.
 */
export const fitQuote = (
  quote: string,
  box: { width: number; height: number },
  measure: MeasureText,
  sizes: { maxFont: number; minFont: number; lineHeight: number } = tileGeometry.quote,
): FittedQuote => {
  const text = `“${quote}”`;
  for (let size = sizes.maxFont; size >= sizes.minFont; size -= 1) {
    const font = quoteFont(size);
    const lineHeight = Math.round(size * sizes.lineHeight);
    const lines = wrapText(text, box.width, (t) => measure(t, font));
    if (lines.length * lineHeight <= box.height) return { fontSize: size, lineHeight, lines };
  }
  const size = sizes.minFont;
  const font = quoteFont(size);
  const lineHeight = Math.round(size * sizes.lineHeight);
  const maxLines = Math.max(1, Math.floor(box.height / lineHeight));
  const lines = wrapClamped(`“${quote}”`, box.width, maxLines, (t) => measure(t, font), `${ellipsis}”`);
  return { fontSize: size, lineHeight, lines };
};

export interface PlacedText {
  text: string;
  x: number;
  /** the text's alphabetic baseline */
  y: number;
  font: string;
  color: string;
  align: 'left' | 'right';
}

export interface TileLayout {
  width: number;
  height: number;
  colors: TileColors & { ground2: string; footer: string; muted: string };
  quote: FittedQuote & { x: number; top: number; box: { width: number; height: number } };
  /** every other text, in drawing order */
  texts: PlacedText[];
  logo: { x: number; y: number; width: number; height: number } | null;
  mark: { x: number; y: number; size: number; initial: string } | null;
}

const hexToRgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255] as const;
};
/** `hex` with `share` (0 to 1) of `toward` mixed in. */
const mix = (hex: string, toward: string, share: number) => {
  const a = hexToRgb(hex);
  const b = hexToRgb(toward);
  return `#${a
    .map((channel, i) =>
      Math.round(channel + ((b[i] ?? 0) - channel) * share)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
};

/** Where everything goes on the tile, measured with `measure`. */
export const layoutSocialTile = (input: SocialTileInput, measure: MeasureText): TileLayout => {
  const { width, height } = socialTileSize;
  const g = tileGeometry;
  const left = g.margin;
  const right = width - g.margin;
  const inner = right - left;
  const { primary, accent } = input.colors;
  const colors = {
    primary,
    accent,
    // the ground's lighter end (a soft diagonal) and the footer's ink
    ground2: mix(primary, '#ffffff', 0.12),
    footer: '#ffffff',
    // the footer's secondary text: the primary lightened, still well above 4.5:1 on white
    muted: mix(primary, '#ffffff', 0.3),
  };
  const texts: PlacedText[] = [];

  // Header: the logo, or the header's mark (the firm's initial in an accent square) and the firm's name.
  let logo: TileLayout['logo'] = null;
  let mark: TileLayout['mark'] = null;
  const headerMid = g.header.top + g.header.markSize / 2;
  if (input.logo && input.logo.width > 0 && input.logo.height > 0) {
    const scale = Math.min(g.header.markSize / input.logo.height, g.header.logoMaxWidth / input.logo.width);
    const w = Math.round(input.logo.width * scale);
    const h = Math.round(input.logo.height * scale);
    logo = { x: left, y: Math.round(headerMid - h / 2), width: w, height: h };
  } else {
    mark = {
      x: left,
      y: g.header.top,
      size: g.header.markSize,
      initial: input.firmName.trim().charAt(0).toUpperCase(),
    };
  }
  const nameLeft = logo ? left + logo.width + 20 : left + g.header.markSize + 20;
  if (!logo) {
    const [name = ''] = wrapClamped(input.firmName, right - nameLeft - 200, 1, (t) => measure(t, firmFont));
    texts.push({
      text: name,
      x: nameLeft,
      y: headerMid + 10,
      font: firmFont,
      color: '#ffffff',
      align: 'left',
    });
  }
  // The kind of post, right-aligned on the header's line.
  texts.push({
    text: input.labels.kicker,
    x: right,
    y: headerMid + 6,
    font: kickerFont,
    color: accent,
    align: 'right',
  });

  // The quote, as large as it fits, centred in its box (a short quote does not hang at the top).
  const box = { width: inner, height: g.quote.bottom - g.quote.top };
  const fitted = fitQuote(input.quote, box, measure);
  const used = fitted.lines.length * fitted.lineHeight;
  const top = g.quote.top + Math.max(0, Math.round((box.height - used) / 2));

  // Footer band (under its accent rule): the title (up to two lines) and the byline on the left, the address on
  // the right.
  const bandTop = g.footer.top + g.footer.rule;
  const bandHeight = height - bandTop;
  const addressWidth = Math.ceil(
    Math.max(measure(input.address, addressFont), measure(input.labels.readAt, addressLabelFont)),
  );
  const addressMax = 340;
  const textWidth = inner - Math.min(addressMax, addressWidth) - 48;
  const titleLines = wrapClamped(input.title, textWidth, 2, (t) => measure(t, titleFont));
  const titleLineHeight = Math.round(g.footer.titleFont * 1.25);
  const bylineGap = 10;
  const bylineLineHeight = Math.round(g.footer.bylineFont * 1.3);
  const blockHeight = titleLines.length * titleLineHeight + bylineGap + bylineLineHeight;
  const blockTop = bandTop + Math.round((bandHeight - blockHeight) / 2);
  // A line's baseline sits at about 0.8 of its font size below the line's top, plus half the leading.
  const baselineIn = (lineHeight: number, size: number) => Math.round((lineHeight - size) / 2 + size * 0.8);
  titleLines.forEach((line, i) => {
    texts.push({
      text: line,
      x: left,
      y: blockTop + i * titleLineHeight + baselineIn(titleLineHeight, g.footer.titleFont),
      font: titleFont,
      color: primary,
      align: 'left',
    });
  });
  // En spaces around the dot: the wrap splits at plain spaces only, so they stay as wide as drawn.
  const byline = [input.analyst, input.date].filter(Boolean).join('\u2002·\u2002');
  const [bylineText = ''] = wrapClamped(byline, textWidth, 1, (t) => measure(t, bylineFont));
  texts.push({
    text: bylineText,
    x: left,
    y:
      blockTop +
      titleLines.length * titleLineHeight +
      bylineGap +
      baselineIn(bylineLineHeight, g.footer.bylineFont),
    font: bylineFont,
    color: colors.muted,
    align: 'left',
  });
  const bandMid = bandTop + bandHeight / 2;
  const [address = ''] = wrapClamped(input.address, addressMax, 1, (t) => measure(t, addressFont));
  texts.push({
    text: input.labels.readAt,
    x: right,
    y: Math.round(bandMid - 6),
    font: addressLabelFont,
    color: colors.muted,
    align: 'right',
  });
  texts.push({
    text: address,
    x: right,
    y: Math.round(bandMid + 18),
    font: addressFont,
    color: primary,
    align: 'right',
  });

  return {
    width,
    height,
    colors,
    quote: { ...fitted, x: left, top, box },
    texts,
    logo,
    mark,
  };
};

/** Paints the tile on `ctx` (a canvas of socialTileSize) and answers its layout. */
export const drawSocialTile = (ctx: CanvasRenderingContext2D, input: SocialTileInput): TileLayout => {
  const measure: MeasureText = (text, font) => {
    ctx.font = font;
    return ctx.measureText(text).width;
  };
  const layout = layoutSocialTile(input, measure);
  const { width, height, colors } = layout;
  const g = tileGeometry;
  ctx.save();
  ctx.textBaseline = 'alphabetic';

  // Ground: the primary colour, lighter towards the top right; a large faint ring as a quiet brand shape.
  const ground = ctx.createLinearGradient(0, height, width, 0);
  ground.addColorStop(0, colors.primary);
  ground.addColorStop(1, colors.ground2);
  ctx.fillStyle = ground;
  ctx.fillRect(0, 0, width, height);
  ctx.strokeStyle = colors.accent;
  ctx.globalAlpha = 0.1;
  ctx.lineWidth = 44;
  ctx.beginPath();
  ctx.arc(width + 30, -40, 230, 0, Math.PI * 2);
  ctx.stroke();
  ctx.globalAlpha = 1;

  // The accent edge and the header's rule.
  ctx.fillStyle = colors.accent;
  ctx.fillRect(0, 0, g.edge, g.footer.top);
  ctx.globalAlpha = 0.45;
  ctx.fillRect(g.margin, g.header.top + g.header.markSize + 26, width - 2 * g.margin, 1);
  ctx.globalAlpha = 1;

  // Logo, or the firm's mark.
  if (layout.logo && input.logo) {
    const { x, y, width: w, height: h } = layout.logo;
    ctx.drawImage(input.logo.source, x, y, w, h);
  } else if (layout.mark) {
    const { x, y, size, initial } = layout.mark;
    ctx.strokeStyle = colors.accent;
    ctx.lineWidth = 2.5;
    ctx.strokeRect(x + 1.25, y + 1.25, size - 2.5, size - 2.5);
    ctx.fillStyle = '#ffffff';
    ctx.font = markFont;
    ctx.textAlign = 'center';
    ctx.fillText(initial, x + size / 2, y + size / 2 + 11);
  }

  // The quote: white, its quotation marks in the accent colour and hung outside the text's left edge.
  const q = layout.quote;
  const font = quoteFont(q.fontSize);
  ctx.font = font;
  ctx.textAlign = 'left';
  q.lines.forEach((line, i) => {
    const baseline = q.top + i * q.lineHeight + Math.round(q.fontSize * 0.95);
    let x = q.x;
    let text = line;
    if (i === 0 && text.startsWith('“')) {
      ctx.font = markFontOf(q.fontSize);
      ctx.fillStyle = colors.accent;
      ctx.fillText('“', x - ctx.measureText('“').width - 2, baseline);
      ctx.font = font;
      text = text.slice(1);
    }
    const closes = i === q.lines.length - 1 && text.endsWith('”');
    if (closes) text = text.slice(0, -1);
    ctx.fillStyle = '#ffffff';
    ctx.fillText(text, x, baseline);
    if (closes) {
      x += ctx.measureText(text).width + 2;
      ctx.font = markFontOf(q.fontSize);
      ctx.fillStyle = colors.accent;
      ctx.fillText('”', x, baseline);
      ctx.font = font;
    }
  });

  // Footer band: white, under an accent rule.
  ctx.fillStyle = colors.footer;
  ctx.fillRect(0, g.footer.top, width, height - g.footer.top);
  ctx.fillStyle = colors.accent;
  ctx.fillRect(0, g.footer.top, width, g.footer.rule);

  for (const text of layout.texts) {
    ctx.font = text.font;
    ctx.fillStyle = text.color;
    ctx.textAlign = text.align;
    ctx.fillText(text.text, text.x, text.y);
  }
  ctx.restore();
  return layout;
};
