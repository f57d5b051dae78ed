import { describe, expect, it } from 'vitest';
import { connectLimits } from './connect.ts';
import { connectConfigDefaults, parseConnectConfig } from './connect-config.ts';

describe('sConnectConfigJSON (spec 3 section 9)', () => {
  it("defaults to the contract's values when unset, not JSON or not an object", () => {
    for (const value of [null, undefined, '', '{', '[1]', '"x"', 'null']) {
      expect(parseConnectConfig(value), String(value)).toEqual(connectConfigDefaults);
    }
    expect(connectConfigDefaults).toMatchObject({
      eventsPerPage: connectLimits.appointmentsPerPage,
      registrationReloadMs: connectLimits.registrationReloadMs,
      approvalReloadMs: connectLimits.approvalReloadMs,
      dateToBeConfirmedEventType: connectLimits.dateToBeConfirmedType,
    });
  });

  it('reads the values the parameter holds, the first of a pair of delays', () => {
    expect(
      parseConnectConfig(
        JSON.stringify({ eventsPerPage: 12, registrationReloadMs: [2500, 1500], approvalReloadMs: 4000 }),
      ),
    ).toMatchObject({ eventsPerPage: 12, registrationReloadMs: 2500, approvalReloadMs: 4000 });
  });

  it('falls back field by field on invalid values', () => {
    const config = parseConnectConfig(
      JSON.stringify({
        eventsPerPage: 0,
        registrationReloadMs: 'soon',
        approvalReloadMs: 10_000_000,
        slotHidden: 'x',
        eventCallDelayMs: 500,
      }),
    );
    expect(config).toEqual({ ...connectConfigDefaults, eventCallDelayMs: 500 });
  });
});
