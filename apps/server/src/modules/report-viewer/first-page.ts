import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

/**
 * The first page of a reader's stamped PDF drawn as a picture (issue 23: the first rendered page in under half a
 * second). The viewer's page carries it from the server, so the reader sees page one, watermark and all, while
 * pdf.js is still loading; pdf.js then draws the same page over it. Drawn with pdf.js itself (its Node build, on
 * @napi-rs/canvas), so the picture is the page pdf.js draws, and stored next to the copy: drawn once per copy.
 */

/** CSS pixels per PDF point of the picture: 1.5 (a 595 pt A4 page is 893 px wide, the viewer's width at 1280). */
export const FIRST_PAGE_SCALE = 1.5;

/** The picture's storage key beside the stamped copy's ('stamped/301/ab12.pdf' → 'stamped/301/ab12-page1.webp'). */
export const firstPageKeyOf = (copyKey: string) => `${copyKey.replace(/\.pdf$/i, '')}-page1.webp`;

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type Canvas = typeof import('@napi-rs/canvas');

let tools: Promise<{ pdfjs: PdfJs; canvas: Canvas; fonts: string } | null> | undefined;

/** pdf.js and the canvas, loaded on the first drawing; null where the canvas has no build for this platform. */
const loadTools = () => {
  tools ??= (async () => {
    try {
      const [pdfjs, canvas] = await Promise.all([
        import('pdfjs-dist/legacy/build/pdf.mjs'),
        import('@napi-rs/canvas'),
      ]);
      const require = createRequire(import.meta.url);
      const fonts = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;
      return { pdfjs, canvas, fonts };
    } catch {
      return null;
    }
  })();
  return tools;
};

/**
 * Page one of `pdf` as a WebP picture at FIRST_PAGE_SCALE, with its size in CSS pixels; null when it cannot be
 * drawn here (no canvas for this platform, or a PDF pdf.js cannot open: the viewer then shows pdf.js's own
 * drawing only). Fonts come from pdf.js's standard fonts; nothing in the PDF is evaluated as code (isEvalSupported false).
 */
export const drawFirstPage = async (
  pdf: Uint8Array,
): Promise<{ bytes: Buffer; width: number; height: number } | null> => {
  const loaded = await loadTools();
  if (!loaded) return null;
  const { pdfjs, canvas: napi, fonts } = loaded;
  let document: Awaited<ReturnType<PdfJs['getDocument']>['promise']> | undefined;
  try {
    document = await pdfjs.getDocument({
      // pdf.js takes ownership of the buffer it is given: a copy, so the caller's bytes stay whole.
      data: new Uint8Array(pdf),
      standardFontDataUrl: fonts,
      isEvalSupported: false,
      disableFontFace: true,
      verbosity: 0,
    }).promise;
    const page = await document.getPage(1);
    const viewport = page.getViewport({ scale: FIRST_PAGE_SCALE });
    const width = Math.ceil(viewport.width);
    const height = Math.ceil(viewport.height);
    const canvas = napi.createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    type RenderParameters = Parameters<typeof page.render>[0];
    await page.render({
      canvas: canvas as unknown as RenderParameters['canvas'],
      canvasContext: context as unknown as RenderParameters['canvasContext'],
      viewport,
    }).promise;
    const bytes = await sharp(canvas.toBuffer('image/png')).webp({ quality: 82 }).toBuffer();
    return { bytes, width, height };
  } catch {
    return null;
  } finally {
    await document?.destroy();
  }
};
