import { describe, expect, it } from 'vitest';
import type { ParametersService } from '../parameters/parameters.service.ts';
import { createWatermarkService, watermarkParameter } from './watermark.service.ts';

const setup = (values: (string | null)[]) => {
  const asked: string[] = [];
  const warnings: { details: Record<string, unknown>; message: string }[] = [];
  let call = 0;
  const parameters = {
    get: async (name: string) => {
      asked.push(name);
      return values[Math.min(call++, values.length - 1)] ?? null;
    },
  } as unknown as ParametersService;
  const log = {
    info: () => {},
    error: () => {},
    warn: (details: Record<string, unknown>, message: string) => warnings.push({ details, message }),
  };
  return { service: createWatermarkService({ parameters, log }), asked, warnings };
};
const reader = { name: 'Ada', userId: 1, company: 'AE' };

describe('watermark service', () => {
  it("logs 'Configs must be an array' once per value and yields no watermark", async () => {
    const { service, asked, warnings } = setup(['{"WatermarkText":"x"}']);
    expect(await service.resolve({ sectorIds: [1] }, reader)).toEqual([]);
    expect(await service.resolve({ sectorIds: [1] }, reader)).toEqual([]);
    expect(asked).toEqual([watermarkParameter, watermarkParameter]);
    expect(warnings).toEqual([
      {
        details: { parameter: 'sRWReportWaterMarkJSON', problems: ['Configs must be an array'] },
        message: 'Configs must be an array',
      },
    ]);
  });

  it('reads the parameter on every use, so a change applies at once', async () => {
    const { service, warnings } = setup([
      JSON.stringify([{ WatermarkText: 'One @@ClientName@@' }]),
      JSON.stringify([{ WatermarkText: 'Two @@CompanyName@@' }]),
      null,
    ]);
    expect((await service.resolve({ sectorIds: [] }, reader)).map((w) => w.text)).toEqual(['One Ada']);
    expect((await service.resolve({ sectorIds: [] }, reader)).map((w) => w.text)).toEqual(['Two AE']);
    expect(await service.resolve({ sectorIds: [] }, reader)).toEqual([]);
    expect(warnings).toEqual([]);
  });
});
