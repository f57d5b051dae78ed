import { matrixConstants } from '@portal/contract';
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * The matrix XML of spec 3 sections 3 and 7: reading the insert and delete XML of GET /Repository/UpdateMatrix,
 * and writing the XML replies (GetMatrixData, loadPersonMatrixDetails, GetAccountManager). The XML comes from a
 * query string anyone can type, so the reader is strict: a size limit and a y-count limit checked on the raw
 * text, no DOCTYPE, entity declarations or stylesheets (refused before the parser sees anything), entities left
 * unexpanded, and exactly the shape matrix > x(300001) > y(id) > z(value)? with digits for ids. Anything else is
 * 'invalid', so that no reading of an odd document can smuggle in an entry the caller did not show.
 */
export interface ParsedEntry {
  itemId: number;
  /** the z value given, or null when the y has no z (the caller's default applies) */
  statusId: number | null;
}
export type MatrixXmlResult =
  | { ok: true; entries: ParsedEntry[] }
  | { ok: false; fault: 'xmlInvalid' | 'xmlTooLarge' };

const forbidden = /<!DOCTYPE|<!ENTITY|<\?xml-stylesheet/i;
const yStart = /<\s*y[\s/>]/g;
const idPattern = /^\d{1,10}$/;
/** Attributes a caller may send back as we wrote them (loadPersonMatrixDetails names its z); they are ignored. */
const ignoredAttributes = new Set(['@_name']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Entities stay as written: `&lt;` or a numeric reference can never turn into markup or a digit.
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: false,
  isArray: (name) => name === 'x' || name === 'y' || name === 'z',
});

const invalid = { ok: false, fault: 'xmlInvalid' } as const;

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** An element without attributes or children parses as '' (or whitespace-only text, trimmed to ''). */
const asNode = (value: unknown): Node | null => (value === '' ? {} : isNode(value) ? value : null);

const idOf = (value: unknown): number | null => {
  if (typeof value !== 'string' || !idPattern.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
};

/** The node's keys other than the allowed ones: attributes and child elements the shape does not have. */
const hasOnly = (node: Node, allowed: readonly string[]) =>
  Object.keys(node).every((key) => allowed.includes(key) || ignoredAttributes.has(key));

/**
 * Reads an insert or delete XML. '' (or only whitespace) is no entries: UpdateMatrix's deleteXml is optional.
 * A y id may appear once per document; a y has at most one z.
 */
export const parseMatrixXml = (xml: string): MatrixXmlResult => {
  if (xml.trim() === '') return { ok: true, entries: [] };
  if (xml.length > matrixConstants.xmlMaxChars) return { ok: false, fault: 'xmlTooLarge' };
  if (forbidden.test(xml)) return invalid;
  if ((xml.match(yStart)?.length ?? 0) > matrixConstants.xmlMaxItems)
    return { ok: false, fault: 'xmlTooLarge' };
  if (XMLValidator.validate(xml) !== true) return invalid;
  let document: unknown;
  try {
    document = parser.parse(xml);
  } catch {
    // The parser also refuses names such as __proto__; whatever it throws, the XML is not ours to read.
    return invalid;
  }
  if (!isNode(document) || Object.keys(document).length !== 1 || !('matrix' in document)) return invalid;
  const matrix = asNode(document.matrix);
  if (!matrix || !hasOnly(matrix, ['x'])) return invalid;
  const xs = (matrix.x ?? []) as unknown[];
  // One X axis: a second x (even 300001 again) is not a shape the spec sends.
  if (xs.length > 1) return invalid;
  const entries: ParsedEntry[] = [];
  const seen = new Set<number>();
  for (const rawX of xs) {
    const x = asNode(rawX);
    if (!x || !hasOnly(x, ['@_id', 'y']) || idOf(x['@_id']) !== matrixConstants.xAxisId) return invalid;
    for (const rawY of (x.y ?? []) as unknown[]) {
      const y = asNode(rawY);
      if (!y || !hasOnly(y, ['@_id', 'z'])) return invalid;
      const itemId = idOf(y['@_id']);
      if (itemId === null || seen.has(itemId)) return invalid;
      seen.add(itemId);
      const zs = (y.z ?? []) as unknown[];
      if (zs.length > 1) return invalid;
      let statusId: number | null = null;
      if (zs.length === 1) {
        const z = asNode(zs[0]);
        if (!z || !hasOnly(z, ['@_value'])) return invalid;
        statusId = idOf(z['@_value']);
        if (statusId === null) return invalid;
      }
      entries.push({ itemId, statusId });
    }
  }
  return { ok: true, entries };
};

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  suppressEmptyNode: true,
  // Names and e-mail addresses come from the CRM's records: & < > " ' are escaped in every value.
  processEntities: true,
});

/** Writes an XML element tree given as fast-xml-parser's JS shape ('@_name' keys are attributes). */
export const buildXml = (root: Record<string, unknown>): string => builder.build(root) as string;
