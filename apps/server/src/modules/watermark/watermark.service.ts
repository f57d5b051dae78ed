import {
  parseWatermarkConfigs,
  type ResolvedWatermark,
  resolveWatermarks,
  type WatermarkConfig,
  type WatermarkReader,
  type WatermarkReport,
} from '@portal/contract';
import type { ParametersService } from '../parameters/parameters.service.ts';
import type { Log } from '../runtime.ts';
import { stampPdf } from './stamp-pdf.ts';

/** The parameter that holds the watermark configurations (spec 2 section 3). */
export const watermarkParameter = 'sRWReportWaterMarkJSON';

/**
 * Watermarks from the sRWReportWaterMarkJSON parameter. The parameter is read on every use (one primary-key
 * lookup) so that an administrator's change applies at once; it is parsed again only when its text changes,
 * and its problems ('Configs must be an array', bad fields) are logged then, never shown to a reader.
 */
export const createWatermarkService = (deps: { parameters: ParametersService; log: Log }) => {
  let last: { raw: string | null; configs: WatermarkConfig[] } | null = null;

  const configs = async () => {
    const raw = await deps.parameters.get(watermarkParameter);
    if (last && last.raw === raw) return last.configs;
    const problems: string[] = [];
    const parsed = parseWatermarkConfigs(raw, (problem) => problems.push(problem));
    if (problems.length > 0) {
      deps.log.warn({ parameter: watermarkParameter, problems }, problems[0]!);
    }
    last = { raw, configs: parsed };
    return parsed;
  };

  return {
    configs,
    async resolve(report: WatermarkReport, reader: WatermarkReader): Promise<ResolvedWatermark[]> {
      return resolveWatermarks(await configs(), report, reader);
    },
    stampPdf,
  };
};

export type WatermarkService = ReturnType<typeof createWatermarkService>;
