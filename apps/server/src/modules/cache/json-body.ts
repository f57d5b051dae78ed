/**
 * A reply body already validated against its contract schema and rendered as JSON: the route sends it as it is.
 * Shared pages and suggestions are rendered once when they are computed, not on every request.
 */
export class JsonBody {
  #bytes: Buffer | undefined;
  constructor(readonly text: string) {}
  /** The UTF-8 bytes, encoded once however often the body is sent. */
  get bytes() {
    this.#bytes ??= Buffer.from(this.text);
    return this.#bytes;
  }
}
