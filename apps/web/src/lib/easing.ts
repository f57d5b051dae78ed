/** Ease in and out (quadratic): slow start, slow landing. `t` is the elapsed share, 0 to 1. */
export const easeInOutQuad = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);
