// A typed array that grows as values are pushed (doubling), for data sets read into memory whole: a
// plain array of millions of numbers holds 8 bytes a value on V8's heap and copies itself as it grows,
// and its garbage is the collector's; a typed array's storage is outside the heap.
type TypedArray = Float64Array | Uint32Array | Uint8Array;
type TypedArrayOf<T extends TypedArray> = { new (length: number): T };

/** The arrays' values one after another, in a new array of the type `type` makes. */
export function concatenated<T extends TypedArray>(arrays: readonly T[], type: TypedArrayOf<T>): T {
  const joined = new type(arrays.reduce((total, array) => total + array.length, 0));
  let offset = 0;
  for (const array of arrays) {
    joined.set(array as never, offset);
    offset += array.length;
  }
  return joined;
}

export class GrowableArray<T extends TypedArray> {
  #values: T;
  #length = 0;

  constructor(readonly type: TypedArrayOf<T>, capacity = 1024) {
    this.#values = new type(capacity);
  }

  get length(): number {
    return this.#length;
  }

  push(value: number): void {
    if (this.#length === this.#values.length) this.#grow(this.#length + 1);
    this.#values[this.#length++] = value;
  }

  /** The values pushed, in an array of their own (exactly as long). */
  finish(): T {
    return this.#values.slice(0, this.#length) as T;
  }

  #grow(needed: number): void {
    const grown = new this.type(Math.max(needed, this.#values.length * 2));
    grown.set(this.#values as never);
    this.#values = grown;
  }
}

/** Texts appended as UTF-8 into one growing buffer: millions of short strings without a heap object each. */
export class GrowableText {
  #bytes = Buffer.allocUnsafe(1 << 16);
  #length = 0;

  get length(): number {
    return this.#length;
  }

  /** Appends the text; answers the offset after it. */
  append(text: string): number {
    const most = text.length * 3;
    if (this.#length + most > this.#bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.#length + most, this.#bytes.length * 2));
      this.#bytes.copy(grown, 0, 0, this.#length);
      this.#bytes = grown;
    }
    this.#length += this.#bytes.write(text, this.#length, 'utf8');
    return this.#length;
  }

  /** The bytes appended, in an ArrayBuffer of their own (exactly as long: it can be transferred to another thread). */
  finish(): Uint8Array {
    return new Uint8Array(this.#bytes.subarray(0, this.#length));
  }
}
