import { describe, expect, it } from 'vitest';
import { viewerMessages } from './messages-viewer.ts';
import {
  fillWatermarkText,
  parsePageList,
  parseWatermarkConfigs,
  placeWatermark,
  resolveWatermarks,
  watermarkAppliesToPage,
  watermarkAppliesToReport,
  watermarkConfigsMustBeArray,
  watermarkCssColor,
  watermarkDefaults,
  watermarkOpacity,
} from './watermark.ts';

const full = {
  sectors: '10000131, 10000136',
  pages: '1,3',
  WatermarkText: 'For @@ClientName@@ (@@CompanyName@@) #@@UserId@@',
  WatermarkAngle: 45,
  WatermarkColor: [200, 30, 40],
  WatermarkFontSize: 18,
  WatermarkXAlignment: 'Right',
  WatermarkYAlignment: 'Bottom',
  WatermarkWidthMul: 0.5,
  WatermarkHeightMul: 0.25,
};
const reader = { name: 'Ada Lovelace', userId: 42, company: 'Analytical Engines', email: 'ada@example.org' };

const problemsOf = (raw: unknown) => {
  const problems: string[] = [];
  const configs = parseWatermarkConfigs(raw, (p) => problems.push(p));
  return { configs, problems };
};

describe('parseWatermarkConfigs', () => {
  it('reads every field of spec 2 section 3, from JSON text or a parsed value', () => {
    const expected = {
      sectors: ['10000131', '10000136'],
      pages: [1, 3],
      text: full.WatermarkText,
      angle: 45,
      color: [200, 30, 40],
      fontSize: 18,
      xAlign: 'Right',
      yAlign: 'Bottom',
      widthMul: 0.5,
      heightMul: 0.25,
    };
    expect(problemsOf(JSON.stringify([full]))).toEqual({ configs: [expected], problems: [] });
    expect(problemsOf([full]).configs).toEqual([expected]);
  });

  it("reports 'Configs must be an array' for anything that is not an array, never throws, and yields none", () => {
    expect(watermarkConfigsMustBeArray).toBe(viewerMessages.configsMustBeArray);
    for (const raw of [JSON.stringify(full), '{"a":1}', 'not json at all', '42', 42, { ...full }, true]) {
      expect(problemsOf(raw)).toEqual({ configs: [], problems: ['Configs must be an array'] });
    }
  });

  it('treats a missing or empty parameter as no watermark without a problem', () => {
    for (const raw of [null, undefined, '', '   ', '[]', []])
      expect(problemsOf(raw)).toEqual({ configs: [], problems: [] });
  });

  it('defaults missing fields: reader name, horizontal, grey, 24 pt, centred, whole page', () => {
    const { configs, problems } = problemsOf([{}]);
    expect(problems).toEqual([]);
    expect(configs).toEqual([
      {
        sectors: [],
        pages: null,
        text: '@@ClientName@@',
        angle: 0,
        color: watermarkDefaults.color,
        fontSize: 24,
        xAlign: 'Center',
        yAlign: 'Middle',
        widthMul: 1,
        heightMul: 1,
      },
    ]);
  });

  it('skips entries that are not objects or have an empty text, and reports them', () => {
    const { configs, problems } = problemsOf([
      null,
      'x',
      [1],
      { WatermarkText: '  ' },
      { WatermarkText: 'ok' },
    ]);
    expect(configs.map((c) => c.text)).toEqual(['ok']);
    expect(problems).toHaveLength(4);
  });

  it('reports and replaces bad fields instead of failing the entry', () => {
    const { configs, problems } = problemsOf([
      {
        WatermarkText: 'x',
        WatermarkAngle: 'steep',
        WatermarkColor: 'red',
        WatermarkFontSize: -3,
        WatermarkXAlignment: 'Diagonal',
        WatermarkYAlignment: 'Up',
        WatermarkWidthMul: 0,
        WatermarkHeightMul: 'tall',
        pages: '1,zero,2',
      },
    ]);
    expect(configs[0]).toMatchObject({
      angle: 0,
      color: watermarkDefaults.color,
      fontSize: 24,
      xAlign: 'Center',
      yAlign: 'Middle',
      widthMul: 1,
      heightMul: 1,
      pages: [1, 2],
    });
    expect(problems).toHaveLength(8);
  });

  it('accepts numbers as strings, alignments in any case, colour strings, and clamps to the limits', () => {
    const [config] = problemsOf([
      {
        WatermarkAngle: '390',
        WatermarkFontSize: '1000',
        WatermarkColor: 'rgb(300, -5, 12.4)',
        WatermarkXAlignment: 'left',
        WatermarkYAlignment: 'TOP',
        WatermarkWidthMul: '2',
        WatermarkHeightMul: 0.001,
      },
    ]).configs;
    expect(config).toMatchObject({
      angle: 30,
      fontSize: 200,
      color: [255, 0, 12],
      xAlign: 'Left',
      yAlign: 'Top',
      widthMul: 1,
      heightMul: 0.01,
    });
  });

  it('takes sectors and pages as arrays too', () => {
    const [config] = parseWatermarkConfigs([{ sectors: [10000131, 'Banks'], pages: [2, '4'] }]);
    expect(config?.sectors).toEqual(['10000131', 'banks']);
    expect(config?.pages).toEqual([2, 4]);
  });
});

describe('parsePageList', () => {
  it('reads comma lists and ranges, sorted and unique; empty means every page', () => {
    expect(parsePageList('3, 1,1, 5-7')).toEqual([1, 3, 5, 6, 7]);
    expect(parsePageList('')).toBeNull();
    expect(parsePageList(undefined)).toBeNull();
    expect(parsePageList(' , ')).toBeNull();
  });

  it('keeps a list of only bad entries as "no page" rather than "every page"', () => {
    const problems: string[] = [];
    expect(parsePageList('0,-1,x', (p) => problems.push(p))).toEqual([]);
    expect(problems).toHaveLength(3);
  });

  it('caps huge ranges', () => {
    expect(parsePageList('1-99999999')).toHaveLength(10_001);
  });
});

describe('choosing configurations', () => {
  const [bySector] = parseWatermarkConfigs([{ sectors: '10000131,Banks' }]);
  it('applies a configuration without sectors to every report', () => {
    const [all] = parseWatermarkConfigs([{}]);
    expect(watermarkAppliesToReport(all!, { sectorIds: [] })).toBe(true);
  });
  it('applies a sector configuration when the primary or a linked sector, by id or name, is listed', () => {
    expect(watermarkAppliesToReport(bySector!, { sectorIds: [10000131] })).toBe(true);
    expect(
      watermarkAppliesToReport(bySector!, { sectorIds: [1, 2], sectorNames: ['Energy', ' BANKS '] }),
    ).toBe(true);
    expect(watermarkAppliesToReport(bySector!, { sectorIds: [1], sectorNames: ['Energy'] })).toBe(false);
  });
  it('applies to the listed pages only, or every page', () => {
    expect(watermarkAppliesToPage({ pages: null }, 7)).toBe(true);
    expect(watermarkAppliesToPage({ pages: [1, 3] }, 3)).toBe(true);
    expect(watermarkAppliesToPage({ pages: [1, 3] }, 2)).toBe(false);
    expect(watermarkAppliesToPage({ pages: [] }, 1)).toBe(false);
  });
});

describe('placeholders', () => {
  it('fills client name, user id and company name, and ours: e-mail and day, in any case', () => {
    const text = fillWatermarkText('@@clientname@@|@@UserId@@|@@COMPANYNAME@@|@@Email@@|@@Date@@', {
      ...reader,
      date: new Date('2030-01-15T23:30:00Z'),
    });
    expect(text).toBe('Ada Lovelace|42|Analytical Engines|ada@example.org|2030-01-15');
  });
  it('leaves unknown placeholders as written and empties the optional ones when absent', () => {
    expect(fillWatermarkText('@@Desk@@ @@Date@@ @@Email@@.', { name: 'A', userId: 1, company: 'C' })).toBe(
      '@@Desk@@  .',
    );
  });
  it('keeps line breaks but drops other control characters, also from reader data', () => {
    expect(fillWatermarkText('A\\nB\n@@ClientName@@', { ...reader, name: 'Ev\u0007e\u0000' })).toBe(
      'A\nB\nEve',
    );
  });
});

describe('resolveWatermarks', () => {
  it('keeps the configurations of the report in order, filled for the reader, with opacity 0.5', () => {
    const configs = parseWatermarkConfigs([
      full,
      { sectors: '999', WatermarkText: 'other sector' },
      { WatermarkText: '@@CompanyName@@' },
      { WatermarkText: '@@Email@@' },
    ]);
    const resolved = resolveWatermarks(configs, { sectorIds: [10000131] }, { ...reader, email: '' });
    expect(resolved.map((w) => w.text)).toEqual([
      'For Ada Lovelace (Analytical Engines) #42',
      'Analytical Engines',
    ]);
    expect(resolved[0]).toEqual({
      pages: [1, 3],
      text: 'For Ada Lovelace (Analytical Engines) #42',
      angle: 45,
      color: [200, 30, 40],
      fontSize: 18,
      xAlign: 'Right',
      yAlign: 'Bottom',
      widthMul: 0.5,
      heightMul: 0.25,
      opacity: 0.5,
    });
    expect(watermarkOpacity).toBe(0.5);
  });
});

describe('placeWatermark', () => {
  const page = { width: 600, height: 800 };
  const at = (
    xAlign: 'Left' | 'Center' | 'Right',
    yAlign: 'Top' | 'Middle' | 'Bottom',
    widthMul = 0.5,
    heightMul = 0.25,
  ) => placeWatermark({ xAlign, yAlign, widthMul, heightMul, angle: 30 }, page);

  it('centres the text in the whole page when both multipliers are 1, whatever the alignments', () => {
    for (const x of ['Left', 'Center', 'Right'] as const) {
      expect(at(x, 'Top', 1, 1)).toMatchObject({ centerX: 300, centerY: 400, angle: 30 });
    }
  });

  it('places a smaller box by the alignments (top-left origin)', () => {
    expect(at('Left', 'Top')).toMatchObject({
      centerX: 150,
      centerY: 100,
      box: { x: 0, y: 0, width: 300, height: 200 },
    });
    expect(at('Center', 'Middle')).toMatchObject({ centerX: 300, centerY: 400 });
    expect(at('Right', 'Bottom')).toMatchObject({ centerX: 450, centerY: 700, box: { x: 300, y: 600 } });
  });

  it('gives a CSS colour', () => {
    expect(watermarkCssColor({ color: [1, 2, 3] })).toBe('rgb(1, 2, 3)');
  });
});
