import type { FirmDetails } from '@portal/contract';
import { getRuntimeConfig } from '../../../lib/runtime-config.ts';

/** The values of the static texts' placeholders, from the runtime configuration (FIRM_* on the server). */
export const firmDetails = (): FirmDetails => {
  const { firm } = getRuntimeConfig();
  return { firm: firm.name, email: firm.email, phone: firm.phone, address: firm.address };
};

export { telHref } from '../../../lib/tel-href.ts';
