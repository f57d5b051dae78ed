import { matrixConstants } from '@portal/contract';

/**
 * The matrix's XML as the spec's calls carry it (spec 3 section 3), read with the browser's DOMParser: the axes of
 * GET /getMatrixData, a person's entries of GET /users/loadPersonMatrixDetails, and the insert/delete XML of
 * GET /Repository/UpdateMatrix. The server checks every id again; reading here only decides what the chips show.
 */

export interface MatrixItem {
  id: number;
  name: string;
  parentId: number | null;
}
export interface MatrixStatus {
  id: number;
  name: string;
}
export interface MatrixAxes {
  items: MatrixItem[];
  statuses: MatrixStatus[];
}
export interface PersonEntry {
  itemId: number;
  statusId: number;
  /** the z's name when the server sent one ('' otherwise) */
  statusName: string;
}

/** The XML could not be read (the screen shows its load error with a retry). */
export class MatrixXmlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MatrixXmlError';
  }
}

const parse = (xml: string): Element => {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  // Browsers and jsdom answer an unreadable document with a <parsererror> element instead of throwing.
  if (doc.getElementsByTagName('parsererror').length > 0) throw new MatrixXmlError('unreadable XML');
  const root = doc.documentElement;
  if (root?.nodeName !== 'matrix') throw new MatrixXmlError('not a matrix');
  return root;
};

/** A CRM id from an attribute: a non-negative integer, or null for anything else. */
const idOf = (value: string | null): number | null => {
  if (value === null || !/^\d{1,10}$/.test(value.trim())) return null;
  return Number(value.trim());
};

const childrenNamed = (parent: Element, name: string) =>
  Array.from(parent.children).filter((child) => child.nodeName === name);

/** GET /getMatrixData's `<matrix><x/><y id name parentId?/>...<z id name/>...</matrix>`: products and statuses. */
export const parseMatrixData = (xml: string): MatrixAxes => {
  const root = parse(xml);
  const items: MatrixItem[] = [];
  const seen = new Set<number>();
  for (const y of root.getElementsByTagName('y')) {
    const id = idOf(y.getAttribute('id'));
    if (id === null || seen.has(id)) continue;
    seen.add(id);
    items.push({
      id,
      name: (y.getAttribute('name') ?? '').trim() || String(id),
      parentId: idOf(y.getAttribute('parentId')),
    });
  }
  const statuses: MatrixStatus[] = [];
  for (const z of root.getElementsByTagName('z')) {
    const id = idOf(z.getAttribute('id'));
    if (id !== null) statuses.push({ id, name: z.getAttribute('name') ?? '' });
  }
  return { items, statuses };
};

/** GET /users/loadPersonMatrixDetails' `<matrix psnId entity><y value><z value name?/></y>...</matrix>`. */
export const parsePersonMatrix = (xml: string): PersonEntry[] => {
  const root = parse(xml);
  const entries: PersonEntry[] = [];
  for (const y of childrenNamed(root, 'y')) {
    const itemId = idOf(y.getAttribute('value'));
    const z = childrenNamed(y, 'z')[0];
    const statusId = z ? idOf(z.getAttribute('value')) : null;
    if (itemId === null || statusId === null || !z) continue;
    entries.push({ itemId, statusId, statusName: z.getAttribute('name') ?? '' });
  }
  return entries;
};

/**
 * The insert or delete XML of GET /Repository/UpdateMatrix (spec 3 section 7):
 * `<matrix><x id="300001"><y id="ID"><z value="Z"/></y>...</x></matrix>`. Without `statusId` the y elements carry no
 * z (the delete XML's form; the server ignores a z there). Ids are integers, so nothing needs escaping.
 */
export const buildMatrixXml = (itemIds: readonly number[], statusId?: number): string => {
  const ys = itemIds
    .filter((id) => Number.isInteger(id) && id >= 0)
    .map((id) => (statusId === undefined ? `<y id="${id}"/>` : `<y id="${id}"><z value="${statusId}"/></y>`))
    .join('');
  return `<matrix><x id="${matrixConstants.xAxisId}">${ys}</x></matrix>`;
};

/** The matrix schema and its field's parameter of an entity (spec 3 section 6): scUsrMatrix for 'U', scCntMatrix for 'C'. */
export const matrixSchemaOf = (entity: string) =>
  entity === 'C'
    ? ({ schemaId: 'scCntMatrix', fieldParameter: 'scCntMatrixFieldId' } as const)
    : ({ schemaId: 'scUsrMatrix', fieldParameter: 'scUsrMatrixFieldId' } as const);
