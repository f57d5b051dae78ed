/**
 * Reading progress as the viewer reports it (PUT /report/:id/progress): only the furthest point reached is kept,
 * and it goes out at most once per interval (the first report at once, later ones after the interval), plus once
 * more as the reader leaves (flush with keepalive). Nothing is sent when the reader got no further.
 */
export class ReadingProgressTracker {
  private furthest = 0;
  private sent = 0;
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly send: (fraction: number, keepalive: boolean) => void,
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** A point the reader reached, as a fraction of the document (0 to 1); points behind the furthest are ignored. */
  report(fraction: number) {
    if (!Number.isFinite(fraction)) return;
    const at = Math.min(1, Math.max(0, fraction));
    if (at <= this.furthest) return;
    this.furthest = at;
    if (this.timer !== undefined) return;
    const wait = Math.max(0, this.lastSentAt + this.intervalMs - this.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush(false);
    }, wait);
  }

  /** Sends the furthest point now if it was not sent yet (keepalive: the page is going away). */
  flush(keepalive: boolean) {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.furthest <= this.sent) return;
    this.sent = this.furthest;
    this.lastSentAt = this.now();
    this.send(this.furthest, keepalive);
  }
}

/** How far down a scrolling box the reader has seen, 0 to 1 (a box whose content fits is seen whole). */
export const scrolledFraction = (box: { scrollTop: number; clientHeight: number; scrollHeight: number }) =>
  box.scrollHeight <= 0 ? 1 : Math.min(1, (box.scrollTop + box.clientHeight) / box.scrollHeight);
