// An MVT layer's value table for parcel tiles: each distinct value once, in the order first used,
// where texts are byte ranges of the parcel set's UTF-8 buffer (tileParcelSet.ts), compared byte for
// byte and written as they are stored. A dense tile's texts are then never decoded into strings:
// decoding them, hashing them into a Map and encoding them back to UTF-8 was about a third of its
// encoding (docs/performance-archive.md).

const TEXT = 0;
const NUMBER = 1;
const EMPTY_SLOT = 0;

export class LayerValues {
  readonly #text: Uint8Array;
  /** Per value: TEXT or NUMBER. */
  readonly #kinds: number[] = [];
  /** Per value: a text's start, or the number. */
  readonly #firsts: number[] = [];
  /** Per value: a text's end (unused for a number). */
  readonly #ends: number[] = [];
  readonly #numbers = new Map<number, number>();
  /** Open addressing over the texts' hashes: each slot the text's value index + 1, or EMPTY_SLOT. Room for a dense tile's texts from the start. */
  #slots = new Int32Array(1 << 14);
  #texts = 0;

  constructor(text: Uint8Array) {
    this.#text = text;
  }

  get size(): number {
    return this.#kinds.length;
  }

  /** The index of the text text[start..end), added if it is new. */
  indexOfText(start: number, end: number): number {
    const mask = this.#slots.length - 1;
    for (let slot = hashBytes(this.#text, start, end) & mask; ; slot = (slot + 1) & mask) {
      const found = this.#slots[slot]! - 1;
      if (found < 0) {
        const index = this.#add(TEXT, start, end);
        this.#slots[slot] = index + 1;
        this.#texts += 1;
        if (this.#texts * 2 > this.#slots.length) this.#rehash();
        return index;
      }
      if (this.#kinds[found] === TEXT && this.#sameBytes(found, start, end)) return found;
    }
  }

  indexOfNumber(value: number): number {
    let index = this.#numbers.get(value);
    if (index === undefined) this.#numbers.set(value, (index = this.#add(NUMBER, value, 0)));
    return index;
  }

  /** Calls `text` or `number` for each value in index order. */
  forEach(text: (bytes: Uint8Array) => void, number: (value: number) => void): void {
    for (let i = 0; i < this.#kinds.length; i++) {
      if (this.#kinds[i] === TEXT) text(this.#text.subarray(this.#firsts[i], this.#ends[i]));
      else number(this.#firsts[i]!);
    }
  }

  #add(kind: number, first: number, end: number): number {
    this.#kinds.push(kind);
    this.#firsts.push(first);
    this.#ends.push(end);
    return this.#kinds.length - 1;
  }

  #sameBytes(index: number, start: number, end: number): boolean {
    const otherStart = this.#firsts[index]!;
    if (this.#ends[index]! - otherStart !== end - start) return false;
    const text = this.#text;
    for (let i = 0; i < end - start; i++) if (text[otherStart + i] !== text[start + i]) return false;
    return true;
  }

  #rehash(): void {
    const slots = new Int32Array(this.#slots.length * 2);
    const mask = slots.length - 1;
    for (let index = 0; index < this.#kinds.length; index++) {
      if (this.#kinds[index] !== TEXT) continue;
      let slot = hashBytes(this.#text, this.#firsts[index]!, this.#ends[index]!) & mask;
      while (slots[slot] !== EMPTY_SLOT) slot = (slot + 1) & mask;
      slots[slot] = index + 1;
    }
    this.#slots = slots;
  }
}

/** FNV-1a over the bytes. */
function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193);
  return hash >>> 0;
}
