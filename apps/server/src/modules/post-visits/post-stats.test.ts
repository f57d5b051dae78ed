import { describe, expect, it } from 'vitest';
import { averageMinutes, visitMinutes } from './post-stats.ts';

describe('post statistics arithmetic', () => {
  it('a measured visit shows its counted seconds in minutes to 2 decimals, even when short', () => {
    expect(visitMinutes({ measured: true, activeSeconds: 90 })).toBe(1.5);
    expect(visitMinutes({ measured: true, activeSeconds: 0 })).toBe(0);
    expect(visitMinutes({ measured: true, activeSeconds: 100 })).toBe(1.67);
    expect(visitMinutes({ measured: true, activeSeconds: 20 * 60 })).toBe(20);
  });

  it('an unmeasured visit counts 2 minutes, whatever its seconds', () => {
    expect(visitMinutes({ measured: false, activeSeconds: 0 })).toBe(2);
    expect(visitMinutes({ measured: false, activeSeconds: 600 })).toBe(2);
  });

  it('averages every visit, unmeasured ones at 2 minutes, rounded half up to 2 decimals', () => {
    expect(averageMinutes({ visits: 0, unmeasured: 0, measuredSeconds: 0 })).toBe(0);
    expect(averageMinutes({ visits: 3, unmeasured: 3, measuredSeconds: 0 })).toBe(2);
    // (90 + 2 x 120) / 3 / 60 = 1.8333...
    expect(averageMinutes({ visits: 3, unmeasured: 2, measuredSeconds: 90 })).toBe(1.83);
    expect(averageMinutes({ visits: 10, unmeasured: 0, measuredSeconds: 3 })).toBe(0.01);
    // 1.005 minutes (60.3 s a visit) rounds to 1.01, not 1.00 (rounding the float 1.005 x 100 = 100.49999... gave 1)
    expect(averageMinutes({ visits: 10, unmeasured: 0, measuredSeconds: 603 })).toBe(1.01);
    expect(averageMinutes({ visits: 1, unmeasured: 0, measuredSeconds: 45 })).toBe(0.75);
  });
});
