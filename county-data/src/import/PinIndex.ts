// The importer's record of the PINs it has taken, each with the feature it came from, in a few flat
// typed arrays: a Map of 5,000,000 PINs like 'G000000001' held ~375 MB of heap, these ~190 MB outside
// it, with nothing for the garbage collector to walk.
const encoder = new TextEncoder();
/** A PIN's UTF-8 form takes at most 3 bytes per UTF-16 code unit. */
const MAX_BYTES_PER_CHAR = 3;
const MIN_CAPACITY = 1024;

/**
 * PIN → the first feature (1-based) that brought it, exact: the PINs' UTF-8 bytes are appended to one
 * buffer and a hash match is confirmed byte for byte. Open addressing with linear probing, at most
 * half full, each array doubling when it fills up. PINs are well-formed text (pinSchema): a lone
 * surrogate would be stored as U+FFFD, like any UTF-8 encoder does.
 *
 * Only plain fields: a copy sent across threads (structured clone) loses the class, and `revive`
 * gives it back.
 */
export class PinIndex {
  /** The PINs' UTF-8 bytes, one after another; past `used`, the PIN being looked up. */
  private bytes = new Uint8Array(MIN_CAPACITY * 16);
  private used = 0;
  /** Entry i's bytes are starts[i]..starts[i + 1]. */
  private starts = new Uint32Array(MIN_CAPACITY + 1);
  private features = new Uint32Array(MIN_CAPACITY);
  private count = 0;
  /** Entry index + 1 per slot, 0 for an empty one; its length is a power of two. */
  private slots = new Uint32Array(MIN_CAPACITY * 2);

  /** An index copied from another thread, as a PinIndex again. */
  static revive(copy: PinIndex): PinIndex {
    return Object.setPrototypeOf(copy, PinIndex.prototype) as PinIndex;
  }

  get size(): number {
    return this.count;
  }

  /** The feature recorded for `pin`, if any. */
  get(pin: string): number | undefined {
    const length = this.stage(pin);
    const slot = this.find(hashOf(this.bytes, this.used, length), length);
    const entry = this.slots[slot]!;
    return entry === 0 ? undefined : this.features[entry - 1];
  }

  /**
   * Records `feature` for `pin` and returns undefined; for a PIN recorded already, records nothing and
   * returns the earlier feature (one probe where get-then-add would take two).
   */
  add(pin: string, feature: number): number | undefined {
    if (!Number.isInteger(feature) || feature < 0 || feature > 0xffffffff) throw new RangeError(`feature number ${feature} is out of range`);
    const length = this.stage(pin);
    const slot = this.find(hashOf(this.bytes, this.used, length), length);
    const entry = this.slots[slot]!;
    if (entry !== 0) return this.features[entry - 1];
    if (this.count === this.features.length) this.growEntries();
    this.features[this.count] = feature;
    this.used += length;
    this.count += 1;
    this.starts[this.count] = this.used;
    this.slots[slot] = this.count;
    if (this.count * 2 > this.slots.length) this.growSlots();
    return undefined;
  }

  /** Writes the PIN's bytes just past the stored ones (not yet counted); returns their length. */
  private stage(pin: string): number {
    const needed = this.used + pin.length * MAX_BYTES_PER_CHAR;
    if (needed > this.bytes.length) {
      const grown = new Uint8Array(Math.max(this.bytes.length * 2, needed));
      grown.set(this.bytes.subarray(0, this.used));
      this.bytes = grown;
    }
    return encoder.encodeInto(pin, this.bytes.subarray(this.used)).written;
  }

  /** The slot holding the staged PIN, or the empty slot where it would go. */
  private find(hash: number, length: number): number {
    const { slots, starts, bytes, used } = this;
    const mask = slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[slot]!;
      if (entry === 0) return slot;
      const start = starts[entry - 1]!;
      if (starts[entry]! - start === length && sameBytes(bytes, start, used, length)) return slot;
    }
  }

  private growEntries(): void {
    const features = new Uint32Array(this.features.length * 2);
    features.set(this.features);
    this.features = features;
    const starts = new Uint32Array(features.length + 1);
    starts.set(this.starts);
    this.starts = starts;
  }

  private growSlots(): void {
    const slots = new Uint32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let entry = 1; entry <= this.count; entry += 1) {
      const start = this.starts[entry - 1]!;
      let slot = hashOf(this.bytes, start, this.starts[entry]! - start) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = entry;
    }
    this.slots = slots;
  }
}

/** FNV-1a over the bytes, then murmur3's finalizer: the low bits pick the slot, so they must all mix. */
function hashOf(bytes: Uint8Array, start: number, length: number): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < start + length; i += 1) hash = Math.imul(hash ^ bytes[i]!, 0x01000193);
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

function sameBytes(bytes: Uint8Array, a: number, b: number, length: number): boolean {
  for (let i = 0; i < length; i += 1) if (bytes[a + i] !== bytes[b + i]) return false;
  return true;
}
