/** Series colours with at least 3:1 contrast on white (WCAG 1.4.11). */
export const keyChartPalette = ['#244a7c', '#8a6417', '#1f6f78', '#a23b2a', '#5b3f8c'] as const;

const small = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const large = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** A key chart's value as its axis, tooltip and data table show it. */
export const formatChartValue = (value: number) => (Math.abs(value) < 10 ? small : large).format(value);
