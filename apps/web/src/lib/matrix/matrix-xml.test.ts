import { describe, expect, it } from 'vitest';
import { buildMatrixXml, MatrixXmlError, parseMatrixData, parsePersonMatrix } from './matrix-xml.ts';

describe('parseMatrixData', () => {
  it('reads the items with their parents and the statuses', () => {
    const axes = parseMatrixData(
      '<matrix><x id="300001" name="Products"/>' +
        '<y id="9100001" name="Asia Technology"/>' +
        '<y id="10000131" name="Semiconductors &amp; Hardware" parentId="9100001"/>' +
        '<z id="2120300001" name="Subscriber"/><z id="2120300010" name="Requested"/></matrix>',
    );
    expect(axes.items).toEqual([
      { id: 9100001, name: 'Asia Technology', parentId: null },
      { id: 10000131, name: 'Semiconductors & Hardware', parentId: 9100001 },
    ]);
    expect(axes.statuses).toEqual([
      { id: 2120300001, name: 'Subscriber' },
      { id: 2120300010, name: 'Requested' },
    ]);
  });

  it('skips items without a numeric id and repeated ids', () => {
    const axes = parseMatrixData(
      '<matrix><y id="x1" name="Bad"/><y name="No id"/><y id="5" name="Five"/><y id="5" name="Again"/></matrix>',
    );
    expect(axes.items).toEqual([{ id: 5, name: 'Five', parentId: null }]);
  });

  it('refuses unreadable XML and a document that is not a matrix', () => {
    expect(() => parseMatrixData('<matrix><y id="1"></matrix>')).toThrow(MatrixXmlError);
    expect(() => parseMatrixData('<other/>')).toThrow(MatrixXmlError);
    expect(() => parseMatrixData('')).toThrow(MatrixXmlError);
  });
});

describe('parsePersonMatrix', () => {
  it("reads a person's entries with their status", () => {
    expect(
      parsePersonMatrix(
        '<matrix psnId="7000001" entity="U"><y value="10000131"><z value="2120300001" name="Subscriber"/></y>' +
          '<y value="10000140"><z value="2120300010"/></y><y value="1"/></matrix>',
      ),
    ).toEqual([
      { itemId: 10000131, statusId: 2120300001, statusName: 'Subscriber' },
      { itemId: 10000140, statusId: 2120300010, statusName: '' },
    ]);
  });

  it('reads an empty matrix as no entries', () => {
    expect(parsePersonMatrix('<matrix psnId="1" entity="U"/>')).toEqual([]);
  });
});

describe('buildMatrixXml', () => {
  it('builds the insert XML of the spec with the given Z', () => {
    expect(buildMatrixXml([10000131, 10000140], 2120300010)).toBe(
      '<matrix><x id="300001"><y id="10000131"><z value="2120300010"/></y><y id="10000140"><z value="2120300010"/></y></x></matrix>',
    );
  });

  it('builds the delete XML without z, and reads back what it builds', () => {
    const xml = buildMatrixXml([42]);
    expect(xml).toBe('<matrix><x id="300001"><y id="42"/></x></matrix>');
    expect(new DOMParser().parseFromString(xml, 'application/xml').getElementsByTagName('y')).toHaveLength(1);
  });
});
