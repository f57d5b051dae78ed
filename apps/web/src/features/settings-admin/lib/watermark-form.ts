import {
  fillWatermarkText,
  messagesSettingsAdmin,
  parsePageList,
  parseWatermarkConfigs,
  placeWatermark,
  type WatermarkConfigInput,
  type WatermarkXAlignment,
  type WatermarkYAlignment,
  watermarkAppliesToPage,
  watermarkDefaults,
  watermarkOpacity,
} from '@portal/contract';

/**
 * The watermark settings screen's model: one form per configuration of sRWReportWaterMarkJSON, its fields as typed
 * (numbers stay text until saved, so a half-typed value is never lost), the JSON sent to the server, and the
 * preview, computed with the contract's pure placement (`placeWatermark`) that the server's stamp uses.
 */
export interface WatermarkForm {
  /** a stable key for the list (not saved) */
  key: string;
  sectors: string;
  pages: string;
  text: string;
  angle: string;
  /** '#rrggbb' (the colour input's value); saved as [r, g, b] */
  color: string;
  fontSize: string;
  xAlign: WatermarkXAlignment;
  yAlign: WatermarkYAlignment;
  widthMul: string;
  heightMul: string;
}

/** The form fields and the parameter's field names they are saved under (server messages come back by the latter). */
export const watermarkFieldNames = {
  sectors: 'sectors',
  pages: 'pages',
  text: 'WatermarkText',
  angle: 'WatermarkAngle',
  color: 'WatermarkColor',
  fontSize: 'WatermarkFontSize',
  xAlign: 'WatermarkXAlignment',
  yAlign: 'WatermarkYAlignment',
  widthMul: 'WatermarkWidthMul',
  heightMul: 'WatermarkHeightMul',
} as const satisfies Record<Exclude<keyof WatermarkForm, 'key'>, string>;
export type WatermarkField = keyof typeof watermarkFieldNames;

let nextKey = 0;
const newKey = () => `wm-${++nextKey}`;

const hex2 = (n: number) => Math.round(n).toString(16).padStart(2, '0');
export const rgbToHex = (rgb: readonly [number, number, number]) => `#${rgb.map(hex2).join('')}`;
export const hexToRgb = (hex: string): [number, number, number] => {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  return match
    ? ([1, 2, 3].map((i) => Number.parseInt(match[i]!, 16)) as [number, number, number])
    : [0, 0, 0];
};

/** A new configuration: the contract's defaults (the reader's name, grey, in the middle of every page). */
export const newWatermarkForm = (): WatermarkForm => ({
  key: newKey(),
  sectors: '',
  pages: '',
  text: watermarkDefaults.text,
  angle: String(watermarkDefaults.angle),
  color: rgbToHex(watermarkDefaults.color),
  fontSize: String(watermarkDefaults.fontSize),
  xAlign: watermarkDefaults.xAlign,
  yAlign: watermarkDefaults.yAlign,
  widthMul: String(watermarkDefaults.widthMul),
  heightMul: String(watermarkDefaults.heightMul),
});

const listText = (value: unknown) =>
  Array.isArray(value)
    ? value.map(String).join(', ')
    : value === undefined || value === null
      ? ''
      : String(value);

/**
 * The forms of a stored value. Each entry is read with the viewer's own lenient parser (a stored value that is
 * not an array opens as no configuration, as reports do); sectors, pages and text keep what was written.
 */
export const formsFromStored = (raw: string | null): WatermarkForm[] => {
  let entries: unknown;
  try {
    entries = raw ? JSON.parse(raw) : [];
  } catch {
    return [];
  }
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return [];
    const e = entry as Record<string, unknown>;
    const [read] = parseWatermarkConfigs([entry]);
    const base = newWatermarkForm();
    return [
      {
        ...base,
        sectors: listText(e.sectors),
        pages: listText(e.pages),
        text: typeof e.WatermarkText === 'string' ? e.WatermarkText : (read?.text ?? base.text),
        ...(read
          ? {
              angle: String(read.angle),
              color: rgbToHex(read.color),
              fontSize: String(read.fontSize),
              xAlign: read.xAlign,
              yAlign: read.yAlign,
              widthMul: String(read.widthMul),
              heightMul: String(read.heightMul),
            }
          : {}),
      },
    ];
  });
};

const numberText = /^\s*[+-]?\d+(\.\d+)?\s*$/;
/** A number field as sent: the number when it is one, else the text as typed (the server names the fault). */
const numberOrText = (value: string) => (numberText.test(value) ? Number(value) : value);

/** One configuration as the parameter holds it (field names of spec 2 section 3). */
export const formToInput = (form: WatermarkForm): WatermarkConfigInput =>
  ({
    sectors: form.sectors.trim(),
    pages: form.pages.trim(),
    WatermarkText: form.text,
    WatermarkAngle: numberOrText(form.angle),
    WatermarkColor: hexToRgb(form.color),
    WatermarkFontSize: numberOrText(form.fontSize),
    WatermarkXAlignment: form.xAlign,
    WatermarkYAlignment: form.yAlign,
    WatermarkWidthMul: numberOrText(form.widthMul),
    WatermarkHeightMul: numberOrText(form.heightMul),
  }) as WatermarkConfigInput;

/** The value sent for sRWReportWaterMarkJSON. */
export const formsToValue = (forms: readonly WatermarkForm[]) => JSON.stringify(forms.map(formToInput));

/** What the forms hold, without their keys: equal when nothing was changed. */
export const formsSignature = (forms: readonly WatermarkForm[]) =>
  JSON.stringify(forms.map(({ key: _key, ...fields }) => fields));

/**
 * Server (or contract) messages keyed `value.<index>.<ParameterField>` as { index: { formField: message } };
 * a message about the whole value goes under index -1.
 */
export const errorsByForm = (errors: Record<string, string>) => {
  const out: Record<number, Partial<Record<WatermarkField | 'form', string>>> = {};
  const fieldOf = Object.fromEntries(Object.entries(watermarkFieldNames).map(([form, name]) => [name, form]));
  for (const [key, message] of Object.entries(errors)) {
    const match = /^value\.(\d+)(?:\.(\w+))?/.exec(key);
    const index = match ? Number(match[1]) : -1;
    const field = (match?.[2] && fieldOf[match[2]]) || 'form';
    out[index] ??= {};
    out[index][field as WatermarkField | 'form'] ??= message;
  }
  return out;
};

/** A4 portrait in PDF points, the sample page of the preview. */
export const samplePage = { width: 595.28, height: 841.89 } as const;
const sample = messagesSettingsAdmin.watermark.sample;
/** The sample reader whose details fill the placeholders in the preview. */
export const sampleReader = {
  name: sample.clientName,
  userId: sample.userId,
  company: sample.companyName,
  email: sample.email,
  date: new Date(),
};

// As the server's stamp (stamp-pdf.ts): lines 1.2 em apart, the baseline lifted by half Helvetica's cap height.
const LINE_HEIGHT = 1.2;
const HALF_CAP = 0.359;

const numberOr = (value: string, fallback: number) => (numberText.test(value) ? Number(value) : fallback);
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export interface WatermarkPreview {
  /** the sample page the mark is shown on: the first page the configuration names */
  pageNumber: number;
  /** false when the configuration names no page (the preview then shows none) */
  visible: boolean;
  centerX: number;
  centerY: number;
  /** degrees, counter-clockwise (SVG rotates clockwise: draw with rotate(-angle)) */
  angle: number;
  box: { x: number; y: number; width: number; height: number };
  fontSize: number;
  color: string;
  opacity: number;
  /** each line's text and baseline, unrotated, from the page's top-left corner */
  lines: { text: string; x: number; y: number }[];
}

/**
 * Where and how the configuration's mark goes on the sample page, with the sample reader's values in the
 * placeholders: the configuration is read by the viewer's own parser (so a value the stamp would default or
 * clamp is previewed as the stamp draws it), placed by `placeWatermark`, and its lines laid out as the stamp lays them.
 */
export const watermarkPreview = (
  form: WatermarkForm,
  page: { width: number; height: number } = samplePage,
): WatermarkPreview => {
  const input = formToInput(form);
  const [config] = parseWatermarkConfigs([
    {
      ...input,
      // half-typed numbers preview as the defaults until they are numbers
      WatermarkAngle: numberOr(form.angle, watermarkDefaults.angle),
      WatermarkFontSize: numberOr(form.fontSize, watermarkDefaults.fontSize),
      WatermarkWidthMul: numberOr(form.widthMul, watermarkDefaults.widthMul),
      WatermarkHeightMul: numberOr(form.heightMul, watermarkDefaults.heightMul),
    },
  ]);
  const pages = parsePageList(form.pages);
  const pageNumber = pages === null ? 1 : (pages[0] ?? 1);
  const text = config ? fillWatermarkText(config.text, sampleReader) : '';
  const visible = config !== undefined && text.trim() !== '' && watermarkAppliesToPage({ pages }, pageNumber);
  const mark = config ?? {
    ...watermarkDefaults,
    color: watermarkDefaults.color,
  };
  const place = placeWatermark(mark, page);
  const fontSize = clamp(mark.fontSize, 1, 1000);
  const lineTexts = text.split('\n');
  const lineHeight = fontSize * LINE_HEIGHT;
  return {
    pageNumber,
    visible,
    centerX: place.centerX,
    centerY: place.centerY,
    angle: place.angle,
    box: place.box,
    fontSize,
    color: `rgb(${mark.color[0]}, ${mark.color[1]}, ${mark.color[2]})`,
    opacity: watermarkOpacity,
    lines: lineTexts.map((line, index) => ({
      text: line,
      x: place.centerX,
      y: place.centerY + (index - (lineTexts.length - 1) / 2) * lineHeight + fontSize * HALF_CAP,
    })),
  };
};
