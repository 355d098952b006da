/**
 * A Map that empties itself when it reaches `limit` entries, for what the server remembers per
 * session to save work on the next request (a verified cookie, a session's CSRF token): its memory
 * stays bounded whatever arrives, and a value lost is only worked out again.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  private readonly limit: number;

  constructor(limit: number) {
    super();
    this.limit = limit;
  }

  override set(key: K, value: V): this {
    if (this.size >= this.limit && !this.has(key)) this.clear();
    return super.set(key, value);
  }
}
