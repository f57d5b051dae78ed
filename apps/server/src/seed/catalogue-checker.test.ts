import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { type DemoReport, demoCatalogueReports, demoCatalogueSize } from './catalogue.ts';
import { type CheckedReport, checkReport, countryName } from './catalogue-checker.ts';
import { companySeeds } from './catalogue-data.ts';
import { demoMediaDir, mediaScripts, mediaTranscript } from './catalogue-media.ts';

const firm = 'Harbourline Research';

/** A generated report as the checker reads it: every word of its document, its fields and its links. */
const checked = ({ plan, doc }: DemoReport): CheckedReport => {
  const companyOf = (id: number) => {
    const index = id - 300101;
    const seed = companySeeds[index]!;
    return { name: seed.name, ticker: seed.ticker, sectorId: seed.sectorId, country: seed.country };
  };
  return {
    where: `report ${plan.index + 1} "${plan.title}"`,
    title: `${plan.title} ${plan.subtitle}`,
    description: plan.description,
    paragraphs: [
      doc.subject,
      ...doc.keyPoints,
      ...doc.sections.flatMap((s) => [s.heading, ...s.paragraphs]),
      ...doc.risks,
      ...doc.estimates.rows.map((row) => row.join(' ')),
    ],
    tableHeader: doc.estimates.header,
    rating: doc.rating,
    sectorId: plan.sector.id,
    company: plan.company ? companyOf(plan.company.id) : null,
    companies: plan.companyIds.map(companyOf),
    countries: plan.countryIds.map(countryName),
    analystIds: plan.analystIds,
  };
};

/** A bank note that keeps every rule; each case below breaks one the way the client found it broken. */
const bintara: CheckedReport = {
  where: 'Bintara Bank note',
  title: 'Bintara Bank 3Q26 results: beat on margins, raising estimates Results review',
  description: 'We raise our EPS estimates by 2.1% for 2027.',
  paragraphs: [
    '3Q26 results: total income of IDR 12,640bn (+11.5% YoY), a net interest margin of 4.10%, credit costs of 80bp and EPS of IDR 95, a beat against our forecast. We rate the shares Buy and our target price is raised to IDR 5,400 from IDR 5,100, implying 18% upside from the share price of IDR 4,575.',
    'Credit costs should run at about 80bp of loans in 2027, close to the through-cycle average.',
  ],
  tableHeader: ['IDR bn', '2025A', '2026E', '2027E', '2028E'],
  rating: 'Buy',
  sectorId: 10000121,
  company: { name: 'Bintara Bank', ticker: 'BNTR IJ', sectorId: 10000121, country: 'Indonesia' },
  companies: [{ name: 'Bintara Bank', ticker: 'BNTR IJ', sectorId: 10000121, country: 'Indonesia' }],
  countries: ['Indonesia'],
  analystIds: [200107],
};
const northwind = {
  name: 'Northwind Power',
  ticker: 'NWND US',
  sectorId: 10000124,
  country: 'United States',
};

describe('the checker', () => {
  it('passes a coherent note', () => {
    expect(checkReport(bintara)).toEqual([]);
  });

  const [first, second] = bintara.paragraphs as [string, string];
  const cases: [string, Partial<CheckedReport>, RegExp][] = [
    [
      'a US$ target price on BNTR IJ',
      { paragraphs: [first.replace(/IDR 5,400/, 'US$13.55'), second] },
      /"US\$"/,
    ],
    ['estimates in US dollars on BNTR IJ', { tableHeader: ['US$m', '2025A'] }, /estimates in "US\$m"/],
    [
      'a bank with an EBIT margin',
      { paragraphs: [first, `${second} An EBIT margin of 31.2%.`] },
      /quotes EBIT/,
    ],
    [
      'a US listing in Asia coverage',
      { companies: [...bintara.companies, northwind] },
      /US listing \(NWND US\)/,
    ],
    ['another rating scale', { title: 'Bintara Bank: Outperform on deposits' }, /another rating scale/],
    [
      'a downgrade to Outperform',
      { title: 'Bintara Bank: downgrade to Outperform' },
      /without the rating it moved from/,
    ],
    [
      'a downgrade that goes up',
      { title: 'Bintara Bank: downgrade to Buy from Hold' },
      /downgrade to Buy from Hold/,
    ],
    [
      'a rating the upside does not give',
      { paragraphs: [first.replace('implying 18% upside', 'implying 8% upside'), second] },
      /says 8% upside where IDR 5,400 over IDR 4,575 gives 18%/,
    ],
    [
      'a rating the thresholds do not give',
      { rating: 'Sell', paragraphs: [first.replace('rate the shares Buy', 'rate the shares Sell'), second] },
      /rated Sell at 18% upside/,
    ],
    ['a repeated paragraph', { paragraphs: [first, second, second] }, /repeats the paragraph/],
    [
      'template grammar',
      { description: 'Checks across Indonesia suggest credit costs is running ahead of consensus.' },
      /plural subject/,
    ],
    [
      'a country without its article',
      { description: 'Checks across United States suggest loan growth is running ahead.' },
      /United States/,
    ],
    [
      'softer demand beside revenue up',
      { title: 'Bintara Bank 3Q26 preview: cost control to offset softer demand' },
      /softer demand" beside revenue \+11\.5%/,
    ],
    ['an analyst outside their sectors', { analystIds: [200103] }, /outside their sectors/],
    ['an analyst outside their countries', { analystIds: [200106] }, /covered by none of its analysts/],
    [
      'a sector note with a target price',
      { company: null, rating: '' },
      /without a company quotes a target price/,
    ],
  ];
  for (const [name, change, fault] of cases)
    it(`fails on ${name}`, () => {
      const faults = checkReport({ ...bintara, ...change });
      expect(faults.join('\n')).toMatch(fault);
    });
});

describe('demo research reads like one firm (issue 21 item 15)', () => {
  // the catalogue counts back from the day of the seed: check it as seeded on several days
  for (const day of ['2030-01-15T09:00:00Z', '2026-11-27T07:00:00Z', '2027-06-30T23:00:00Z']) {
    it(`passes every rule on every generated report, seeded on ${day.slice(0, 10)}`, () => {
      const reports = demoCatalogueReports(new Date(day), firm);
      expect(reports).toHaveLength(demoCatalogueSize.reports);
      const faults = reports.flatMap((report) => checkReport(checked(report)));
      expect(faults.slice(0, 25), `${faults.length} faults`).toEqual([]);
      // the rules had something to read: company notes with ratings on the one scale, banks, media
      const rated = reports.filter((r) => r.doc.rating);
      expect(rated.length).toBeGreaterThan(150);
      expect(new Set(rated.map((r) => r.doc.rating))).toEqual(new Set(['Buy', 'Hold', 'Sell']));
      expect(reports.some((r) => r.plan.company?.bbgCode.endsWith(' IJ'))).toBe(true);
      expect(reports.filter((r) => r.plan.company?.sectorId === 10000121).length).toBeGreaterThan(5);
    });
  }

  it('gives each media report the words its file says, and the files their length', async () => {
    const reports = demoCatalogueReports(new Date('2030-01-15T09:00:00Z'), firm);
    const media = reports.filter((r) => r.plan.media?.file);
    expect(media.map((r) => r.plan.media!.file).sort()).toEqual(Object.keys(mediaScripts).sort());
    let bytes = 0;
    for (const { plan } of media) {
      const file = plan.media!.file;
      expect(plan.title).toBe(mediaScripts[file]!.title);
      expect(plan.description).toBe(mediaTranscript(file));
      const data = await readFile(new URL(file, demoMediaDir));
      bytes += data.length;
      const seconds = file.endsWith('.mp4') ? mp4Seconds(data) : mp3Seconds(data);
      // a podcast of two minutes or more, a narrated video of a few minutes
      expect(seconds, file).toBeGreaterThan(file.endsWith('.mp4') ? 120 : 100);
      expect(seconds, file).toBeLessThan(360);
      // about 150 words a minute: the speech is the transcript, not a few seconds of it
      const words = mediaTranscript(file).split(/\s+/).length;
      expect(words / (seconds / 60), file).toBeGreaterThan(110);
      expect(words / (seconds / 60), file).toBeLessThan(190);
    }
    // the repository stays light
    expect(bytes).toBeLessThan(4_000_000);
  });
});

/** An MP4's duration from its movie header (mvhd: timescale and duration). */
const mp4Seconds = (data: Buffer) => {
  const at = data.indexOf('mvhd');
  expect(at).toBeGreaterThan(0);
  const version = data[at + 4]!;
  return version === 1
    ? Number(data.readBigUInt64BE(at + 24)) / data.readUInt32BE(at + 20)
    : data.readUInt32BE(at + 20) / data.readUInt32BE(at + 16);
};

/** A constant-bitrate MP3's duration from its size and the bitrate of its first frame. */
const mp3Seconds = (data: Buffer) => {
  let at = 0;
  if (data.subarray(0, 3).toString('latin1') === 'ID3')
    at = 10 + ((data[6]! << 21) | (data[7]! << 14) | (data[8]! << 7) | data[9]!);
  while (!(data[at] === 0xff && (data[at + 1]! & 0xe0) === 0xe0)) at++;
  const mpeg1 = (data[at + 1]! & 0x18) === 0x18;
  const index = data[at + 2]! >> 4;
  const kbps = mpeg1
    ? [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320][index]!
    : [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160][index]!;
  return ((data.length - at) * 8) / (kbps * 1000);
};
