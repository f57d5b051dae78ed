import { matrixConstants } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { buildXml, parseMatrixXml } from './matrix-xml.ts';

// The reader of UpdateMatrix's insert and delete XML: the spec's shape and nothing else.
describe('parseMatrixXml', () => {
  it('reads the spec shape, with and without z, as the web app and loadPersonMatrixDetails write it', () => {
    expect(
      parseMatrixXml(
        '<?xml version="1.0"?>\n<matrix>\n  <x id="300001">\n    <y id="42"><z value="2120300010" name="Requested"/></y>\n    <y id="43"/>\n  </x>\n</matrix>',
      ),
    ).toEqual({
      ok: true,
      entries: [
        { itemId: 42, statusId: 2120300010 },
        { itemId: 43, statusId: null },
      ],
    });
    // Comments are dropped; an empty document or an x without y is no entries.
    expect(parseMatrixXml('<matrix><!-- none --><x id="300001"/></matrix>')).toEqual({
      ok: true,
      entries: [],
    });
    expect(parseMatrixXml('  ')).toEqual({ ok: true, entries: [] });
    expect(parseMatrixXml('<matrix/>')).toEqual({ ok: true, entries: [] });
  });

  it.each([
    ['an unknown attribute', '<matrix><x id="300001"><y id="1" status="2120300001"/></x></matrix>'],
    ['an unknown element', '<matrix><x id="300001"><y id="1"><w value="1"/></y></x></matrix>'],
    ['a y without id', '<matrix><x id="300001"><y/></x></matrix>'],
    ['a non-numeric id', '<matrix><x id="300001"><y id="1a"/></x></matrix>'],
    ['an id beyond int4', '<matrix><x id="300001"><y id="2147483648"/></x></matrix>'],
    ['a z without value', '<matrix><x id="300001"><y id="1"><z/></y></x></matrix>'],
    ['a root other than matrix', '<relationships><x id="300001"><y id="1"/></x></relationships>'],
    ['attributes on matrix', '<matrix psnId="1"><x id="300001"/></matrix>'],
    ['an entity reference', '<matrix><x id="300001"><y id="&#49;"/></x></matrix>'],
    ['a DOCTYPE without entities', '<!DOCTYPE matrix><matrix/>'],
    ['an unclosed tag', '<matrix><x id="300001">'],
  ])('refuses %s', (_name, xml) => {
    expect(parseMatrixXml(xml)).toEqual({ ok: false, fault: 'xmlInvalid' });
  });

  it('refuses too many y or too many characters before parsing', () => {
    const ys = (n: number) => Array.from({ length: n }, (_, i) => `<y id="${i + 1}"/>`).join('');
    expect(parseMatrixXml(`<matrix><x id="300001">${ys(matrixConstants.xmlMaxItems)}</x></matrix>`).ok).toBe(
      true,
    );
    expect(
      parseMatrixXml(`<matrix><x id="300001">${ys(matrixConstants.xmlMaxItems + 1)}</x></matrix>`),
    ).toEqual({
      ok: false,
      fault: 'xmlTooLarge',
    });
    // Counted on the raw text: y elements hidden from the structure (in a comment) still count.
    expect(parseMatrixXml(`<matrix><!--${ys(matrixConstants.xmlMaxItems + 1)}--></matrix>`)).toEqual({
      ok: false,
      fault: 'xmlTooLarge',
    });
    expect(parseMatrixXml(`<matrix>${' '.repeat(matrixConstants.xmlMaxChars)}</matrix>`)).toEqual({
      ok: false,
      fault: 'xmlTooLarge',
    });
  });

  it('refuses an entity expansion attack without expanding anything', () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">]>' +
      '<matrix><x id="300001"><y id="&lol2;"/></x></matrix>';
    expect(parseMatrixXml(laughs)).toEqual({ ok: false, fault: 'xmlInvalid' });
  });
});

describe('buildXml', () => {
  it('escapes & < > " and \' in attribute values', () => {
    expect(buildXml({ psn: { '@_name': `O'Neil & "Sons" <Ltd>` } })).toBe(
      '<psn name="O&apos;Neil &amp; &quot;Sons&quot; &lt;Ltd&gt;"/>',
    );
  });
});
