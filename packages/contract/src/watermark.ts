import { viewerMessages } from './messages-viewer.ts';
/**
 * Report watermarks (spec 1 section 2.7, spec 2 section 3): the parameter sRWReportWaterMarkJSON holds an array
 * of configurations; each one says on which reports (sectors) and pages a text is drawn, and how. Pure code with
 * no dependencies, used by the server (stamping PDFs with pdf-lib) and the web (the overlay on rendered pages),
 * so that both place the same mark in the same spot.
 *
 * A configuration entry (field names as in the parameter):
 *   sectors              comma list of sector ids (or names); empty or missing: every report
 *   pages                comma list of 1-based page numbers, ranges like '2-4' allowed; empty or missing: every page
 *   WatermarkText        text with @@ placeholders (see `watermarkPlaceholders`); '\n' breaks lines
 *   WatermarkAngle       degrees, counter-clockwise (0: horizontal, 45: rising diagonal)
 *   WatermarkColor       [r, g, b], 0-255 each
 *   WatermarkFontSize    in PDF points at 100% zoom (the web scales it with the page)
 *   WatermarkXAlignment  Left | Center | Right
 *   WatermarkYAlignment  Top | Middle | Bottom
 *   WatermarkWidthMul    share of the page width (0-1] of the box the text is centred in
 *   WatermarkHeightMul   share of the page height (0-1] of that box
 * The box is placed on the page by the two alignments; the text is centred in the box and rotated about its
 * centre. With both multipliers at 1 the mark sits in the middle of the page whatever the alignments.
 */

export const watermarkPlaceholders = {
  /** the reader's full name */
  clientName: '@@ClientName@@',
  /** the reader's user id (for an e-mailed link to someone without an account: 'K' and the access key's id) */
  userId: '@@UserId@@',
  /** the reader's company name */
  companyName: '@@CompanyName@@',
  /** ours: the reader's e-mail address */
  email: '@@Email@@',
  /** ours: the day of reading, UTC, YYYY-MM-DD */
  date: '@@Date@@',
} as const;

/** Spec 1 section 9. */
export const watermarkOpacity = 0.5;

export const watermarkXAlignments = ['Left', 'Center', 'Right'] as const;
export const watermarkYAlignments = ['Top', 'Middle', 'Bottom'] as const;
export type WatermarkXAlignment = (typeof watermarkXAlignments)[number];
export type WatermarkYAlignment = (typeof watermarkYAlignments)[number];
export type Rgb = readonly [number, number, number];

export interface WatermarkConfig {
  /** sector ids or names (lower case); empty: every report */
  sectors: string[];
  /** 1-based page numbers; null: every page */
  pages: number[] | null;
  /** with placeholders */
  text: string;
  angle: number;
  color: Rgb;
  fontSize: number;
  xAlign: WatermarkXAlignment;
  yAlign: WatermarkYAlignment;
  widthMul: number;
  heightMul: number;
}

/** A configuration chosen for one report, with the reader's placeholders filled in (what the server sends). */
export interface ResolvedWatermark {
  /** 1-based page numbers; null: every page */
  pages: number[] | null;
  text: string;
  angle: number;
  color: [number, number, number];
  fontSize: number;
  xAlign: WatermarkXAlignment;
  yAlign: WatermarkYAlignment;
  widthMul: number;
  heightMul: number;
  opacity: number;
}

export interface WatermarkReader {
  name: string;
  userId: string | number;
  company: string;
  email?: string;
  /** the day of reading; the date placeholder is empty without it */
  date?: Date;
}

export interface WatermarkReport {
  /** primary and linked sector ids */
  sectorIds: readonly number[];
  /** their names, for configurations that list sectors by name */
  sectorNames?: readonly string[];
}

export const watermarkDefaults = {
  text: watermarkPlaceholders.clientName,
  angle: 0,
  color: [128, 128, 128] as Rgb,
  fontSize: 24,
  xAlign: 'Center' as WatermarkXAlignment,
  yAlign: 'Middle' as WatermarkYAlignment,
  widthMul: 1,
  heightMul: 1,
};
export const watermarkLimits = { fontSizeMin: 4, fontSizeMax: 200, mulMin: 0.01, mulMax: 1, textMax: 500 };

/** The one problem the spec names (spec 2 section 5): logged, never shown to the reader. */
export const watermarkConfigsMustBeArray = viewerMessages.configsMustBeArray;

type ProblemSink = (problem: string) => void;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

const numberOf = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
};

const listOf = (value: unknown): string[] => {
  if (value === undefined || value === null) return [];
  const items = Array.isArray(value) ? value : String(value).split(',');
  return items.map((item) => String(item).trim()).filter((item) => item !== '');
};

/** '1, 3-5' -> [1, 3, 4, 5]; empty -> null (every page). Ranges are capped so a typo cannot allocate millions. */
export const parsePageList = (value: unknown, problem: ProblemSink = () => {}): number[] | null => {
  const items = listOf(value);
  if (items.length === 0) return null;
  const pages = new Set<number>();
  for (const item of items) {
    const range = /^(\d+)\s*-\s*(\d+)$/.exec(item);
    if (range) {
      const from = Number(range[1]);
      const to = Math.min(Number(range[2]), from + 10_000);
      for (let page = from; page <= to; page++) if (page >= 1) pages.add(page);
      continue;
    }
    const page = Number(item);
    if (Number.isInteger(page) && page >= 1) pages.add(page);
    else problem(`Watermark page '${item}' is not a page number`);
  }
  return pages.size === 0 ? [] : [...pages].sort((a, b) => a - b);
};

const colorOf = (value: unknown, problem: ProblemSink): Rgb => {
  let parts: unknown = value;
  if (typeof value === 'string') parts = value.replace(/^rgb\(|\)$/gi, '').split(',');
  if (Array.isArray(parts) && parts.length >= 3) {
    const rgb = parts.slice(0, 3).map(numberOf);
    if (rgb.every((c): c is number => c !== null)) {
      return [
        Math.round(clamp(rgb[0]!, 0, 255)),
        Math.round(clamp(rgb[1]!, 0, 255)),
        Math.round(clamp(rgb[2]!, 0, 255)),
      ];
    }
  }
  if (value !== undefined) problem('WatermarkColor must be an [r, g, b] array');
  return watermarkDefaults.color;
};

const alignmentOf = <T extends string>(
  value: unknown,
  allowed: readonly T[],
  fallback: T,
  field: string,
  problem: ProblemSink,
): T => {
  if (value === undefined || value === null || value === '') return fallback;
  const found = allowed.find((a) => a.toLowerCase() === String(value).trim().toLowerCase());
  if (!found) problem(`${field} must be one of ${allowed.join(', ')}`);
  return found ?? fallback;
};

const mulOf = (value: unknown, field: string, problem: ProblemSink) => {
  if (value === undefined || value === null || value === '') return 1;
  const n = numberOf(value);
  if (n === null || n <= 0) {
    problem(`${field} must be a positive number`);
    return 1;
  }
  return clamp(n, watermarkLimits.mulMin, watermarkLimits.mulMax);
};

const configOf = (entry: unknown, index: number, problem: ProblemSink): WatermarkConfig | null => {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    problem(`Watermark config ${index + 1} is not an object`);
    return null;
  }
  const e = entry as Record<string, unknown>;
  const at = (p: string) => problem(`Watermark config ${index + 1}: ${p}`);
  const rawText = e.WatermarkText;
  const text =
    typeof rawText === 'string' || typeof rawText === 'number'
      ? String(rawText).slice(0, watermarkLimits.textMax)
      : watermarkDefaults.text;
  if (text.trim() === '') {
    at('WatermarkText is empty');
    return null;
  }
  const angle = numberOf(e.WatermarkAngle);
  if (e.WatermarkAngle !== undefined && angle === null) at('WatermarkAngle must be a number');
  const fontSize = numberOf(e.WatermarkFontSize);
  if (e.WatermarkFontSize !== undefined && (fontSize === null || fontSize <= 0)) {
    at('WatermarkFontSize must be a positive number');
  }
  return {
    sectors: listOf(e.sectors).map((s) => s.toLowerCase()),
    pages: parsePageList(e.pages, at),
    text,
    angle: angle === null ? watermarkDefaults.angle : angle % 360,
    color: colorOf(e.WatermarkColor, at),
    fontSize:
      fontSize === null || fontSize <= 0
        ? watermarkDefaults.fontSize
        : clamp(fontSize, watermarkLimits.fontSizeMin, watermarkLimits.fontSizeMax),
    xAlign: alignmentOf(e.WatermarkXAlignment, watermarkXAlignments, 'Center', 'WatermarkXAlignment', at),
    yAlign: alignmentOf(e.WatermarkYAlignment, watermarkYAlignments, 'Middle', 'WatermarkYAlignment', at),
    widthMul: mulOf(e.WatermarkWidthMul, 'WatermarkWidthMul', at),
    heightMul: mulOf(e.WatermarkHeightMul, 'WatermarkHeightMul', at),
  };
};

/**
 * Reads the parameter's value (JSON text, or already parsed). Never throws: a value that is not an array
 * (invalid JSON included) reports 'Configs must be an array' and yields no configuration, so the viewer still
 * works; a bad entry or field is reported and skipped or defaulted.
 */
export const parseWatermarkConfigs = (raw: unknown, problem: ProblemSink = () => {}): WatermarkConfig[] => {
  let value = raw;
  if (raw === null || raw === undefined) return [];
  if (typeof raw === 'string') {
    if (raw.trim() === '') return [];
    try {
      value = JSON.parse(raw);
    } catch {
      value = raw;
    }
  }
  if (!Array.isArray(value)) {
    problem(watermarkConfigsMustBeArray);
    return [];
  }
  return value.map((entry, index) => configOf(entry, index, problem)).filter((c) => c !== null);
};

/** Whether a configuration applies to the report: no sectors listed, or one of the report's sectors listed. */
export const watermarkAppliesToReport = (config: WatermarkConfig, report: WatermarkReport) => {
  if (config.sectors.length === 0) return true;
  const wanted = new Set(config.sectors);
  return (
    report.sectorIds.some((id) => wanted.has(String(id))) ||
    (report.sectorNames ?? []).some((name) => wanted.has(name.trim().toLowerCase()))
  );
};

/** Whether a (resolved) watermark is drawn on the 1-based page. */
export const watermarkAppliesToPage = (watermark: { pages: number[] | null }, pageNumber: number) =>
  watermark.pages === null || watermark.pages.includes(pageNumber);

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Fills the placeholders for the reader; control characters other than line breaks are dropped. */
export const fillWatermarkText = (text: string, reader: WatermarkReader) => {
  const values: Record<string, string> = {
    [watermarkPlaceholders.clientName.toLowerCase()]: reader.name,
    [watermarkPlaceholders.userId.toLowerCase()]: String(reader.userId),
    [watermarkPlaceholders.companyName.toLowerCase()]: reader.company,
    [watermarkPlaceholders.email.toLowerCase()]: reader.email ?? '',
    [watermarkPlaceholders.date.toLowerCase()]: reader.date ? isoDay(reader.date) : '',
  };
  return (
    text
      .replace(/@@[A-Za-z]+@@/g, (token) => values[token.toLowerCase()] ?? token)
      .replace(/\\n/g, '\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '')
  );
};

/** The watermarks of one report for one reader, in configuration order. */
export const resolveWatermarks = (
  configs: readonly WatermarkConfig[],
  report: WatermarkReport,
  reader: WatermarkReader,
): ResolvedWatermark[] =>
  configs
    .filter((config) => watermarkAppliesToReport(config, report))
    .map(
      (config): ResolvedWatermark => ({
        pages: config.pages,
        text: fillWatermarkText(config.text, reader),
        angle: config.angle,
        color: [config.color[0], config.color[1], config.color[2]],
        fontSize: config.fontSize,
        xAlign: config.xAlign,
        yAlign: config.yAlign,
        widthMul: config.widthMul,
        heightMul: config.heightMul,
        opacity: watermarkOpacity,
      }),
    )
    .filter((w) => w.text.trim() !== '');

export interface WatermarkPlacement {
  /** centre of the text, from the page's top-left corner, in page units */
  centerX: number;
  centerY: number;
  /** degrees, counter-clockwise */
  angle: number;
  /** the box the text is centred in (top-left origin) */
  box: { x: number; y: number; width: number; height: number };
}

/**
 * Where the mark goes on a page of `width` x `height` (any unit: PDF points on the server, CSS pixels of the
 * rendered page on the web). The web draws the text centred on (centerX, centerY) with
 * `transform: translate(-50%, -50%) rotate(-angle deg)`; the server converts to PDF's bottom-left origin.
 */
export const placeWatermark = (
  watermark: Pick<ResolvedWatermark, 'xAlign' | 'yAlign' | 'widthMul' | 'heightMul' | 'angle'>,
  page: { width: number; height: number },
): WatermarkPlacement => {
  const width = page.width * watermark.widthMul;
  const height = page.height * watermark.heightMul;
  const x =
    watermark.xAlign === 'Left'
      ? 0
      : watermark.xAlign === 'Right'
        ? page.width - width
        : (page.width - width) / 2;
  const y =
    watermark.yAlign === 'Top'
      ? 0
      : watermark.yAlign === 'Bottom'
        ? page.height - height
        : (page.height - height) / 2;
  return {
    centerX: x + width / 2,
    centerY: y + height / 2,
    angle: watermark.angle,
    box: { x, y, width, height },
  };
};

/** CSS colour of a resolved watermark, e.g. 'rgb(200, 30, 30)'. */
export const watermarkCssColor = (watermark: Pick<ResolvedWatermark, 'color'>) =>
  `rgb(${watermark.color[0]}, ${watermark.color[1]}, ${watermark.color[2]})`;
