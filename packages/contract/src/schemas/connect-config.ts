import { z } from 'zod';
import { connectLimits } from './connect.ts';

/**
 * sConnectConfigJSON (spec 3 section 9): CONNECT's tunable numbers, as the parameter holds them. Each field falls
 * back to the contract's value on its own when missing or invalid, and the whole to those values when the
 * parameter is unset or not JSON, so an administrator's typo never breaks the screens.
 */
const ms = (fallback: number) => z.number().int().min(0).max(60_000).catch(fallback);
/** A delay the spec gives as two observed values (1500 and 2500 ms): the first is used. */
const msOrList = (fallback: number) =>
  z
    .union([z.number(), z.array(z.number()).min(1)])
    .transform((value) => (Array.isArray(value) ? value[0] : value))
    .pipe(z.number().int().min(0).max(60_000))
    .catch(fallback);

export const connectConfig = z.object({
  /** appointment cards per page */
  eventsPerPage: z.number().int().min(1).max(100).catch(connectLimits.appointmentsPerPage),
  dateToBeConfirmedEventType: z.number().int().catch(connectLimits.dateToBeConfirmedType),
  slotHidden: z.enum([connectLimits.bitFalse, connectLimits.bitTrue]).catch(connectLimits.bitFalse),
  notSubscribed: z.enum([connectLimits.bitFalse, connectLimits.bitTrue]).catch(connectLimits.bitTrue),
  /** the wait before an events call reports its result */
  eventCallDelayMs: ms(2000),
  registrationReloadMs: msOrList(connectLimits.registrationReloadMs),
  approvalReloadMs: ms(connectLimits.approvalReloadMs),
});
export type ConnectConfig = z.infer<typeof connectConfig>;

export const connectConfigDefaults: ConnectConfig = connectConfig.parse({});

/** The parameter's value read with the defaults above (unset, not JSON or not an object: all defaults). */
export const parseConnectConfig = (value: string | null | undefined): ConnectConfig => {
  if (!value) return connectConfigDefaults;
  try {
    const parsed: unknown = JSON.parse(value);
    return connectConfig.parse(
      typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : {},
    );
  } catch {
    return connectConfigDefaults;
  }
};
