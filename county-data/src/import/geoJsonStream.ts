// Reads a GeoJSON FeatureCollection as a stream: each member of its `features` array is cut out of the
// bytes as they arrive and parsed on its own, so a file of any size is read in flat memory (V8 cannot
// hold a string over ~512 MB, which rules out JSON.parse of a state's file). The bytes are scanned for
// the structure only — brackets outside strings — and JSON.parse does the rest, which is far faster
// than a token-by-token streaming parser.

/** The top-level members other than `features`: `type`, and the `crs` that says how to read the coordinates. */
export interface GeoJsonHeader {
  type: unknown;
  crs: string | undefined;
  /** Whether the file has a `features` array. */
  hasFeatures: boolean;
}

export type GeoJsonEvent = { kind: 'header'; header: GeoJsonHeader } | { kind: 'feature'; text: string };

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The file's header once its `features` array opens (or at its end, when it has none: TopoJSON, or not
 * a FeatureCollection), then each feature's JSON text. `origin` names the file in messages.
 */
export async function* geoJsonEvents(chunks: AsyncIterable<Buffer>, origin: string): AsyncGenerator<GeoJsonEvent> {
  const scanner = new CollectionScanner();
  let sent: GeoJsonHeader | null = null;
  for await (const chunk of chunks) {
    const { features, failure } = scanner.scan(chunk);
    if (sent === null && scanner.featuresOpened !== null) {
      sent = readHeader(scanner.featuresOpened, origin, true);
      yield { kind: 'header', header: sent };
    }
    for (const text of features) yield { kind: 'feature', text };
    if (failure) throw new Error(`${origin}: not valid JSON (${failure})`);
  }
  if (scanner.depth !== 0 || scanner.inString) throw new Error(`${origin}: not valid JSON (the file ends inside ${scanner.inString ? 'a string' : 'an object or array'})`);
  const header = readHeader(scanner.header(), origin, scanner.featuresOpened !== null);
  if (sent === null) yield { kind: 'header', header };
  else if (header.crs !== sent.crs) throw new Error(`${origin}: its "crs" comes after its features; it must come before them to read their coordinates`);
}

/**
 * The scan itself, a chunk at a time: a synchronous loop over locals, which V8 optimises far better than
 * the same loop inside the async generator, and strings jumped over with indexOf rather than read a
 * byte at a time.
 */
class CollectionScanner {
  depth = 0;
  inString = false;
  /** The last chunk ended on a backslash inside a string: the next chunk's first byte is escaped. */
  private escaped = false;
  /** Inside the top-level `features` array, whose members (depth 3) are cut out. */
  private inFeatures = false;
  /** The bytes so far of the feature the last chunk ended inside. */
  private featureParts: Buffer[] = [];
  /** Everything but the features' own bytes: the top-level members, to read the header from (copied: a view would hold its whole chunk). */
  private readonly skeleton: Buffer[] = [];
  private skeletonTail = '';
  /** The skeleton closed after the `features` array's opening bracket, once it has opened. */
  featuresOpened: string | null = null;

  /** The features this chunk completes, and why the file is not JSON if this chunk shows it is not. */
  scan(chunk: Buffer): { features: string[]; failure: string | null } {
    const features: string[] = [];
    const length = chunk.length;
    let depth = this.depth;
    let inString = this.inString;
    let inFeatures = this.inFeatures;
    let featureStart = this.featureParts.length > 0 ? 0 : -1;
    let skeletonStart = inFeatures ? -1 : 0;
    let backslash = -1;
    let i = 0;
    if (this.escaped && length > 0) {
      this.escaped = false;
      i = 1;
    }
    while (i < length) {
      if (inString) {
        // Jump to the closing quote; a backslash before it escapes the byte after it.
        if (backslash < i) {
          backslash = chunk.indexOf(BACKSLASH, i);
          if (backslash < 0) backslash = length;
        }
        let quote = chunk.indexOf(QUOTE, i);
        if (quote < 0) quote = length;
        if (backslash < quote) {
          i = backslash + 2;
          if (i > length) this.escaped = true;
        } else {
          // Past the end, the string goes on in the next chunk.
          inString = quote === length;
          i = quote + 1;
        }
        continue;
      }
      const byte = chunk[i]!;
      if (byte === QUOTE) {
        inString = true;
      } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
        depth += 1;
        if (inFeatures && depth === 3) featureStart = i;
        else if (byte === OPEN_BRACKET && depth === 2 && /"features"\s*:\s*$/.test(this.skeletonTail + chunk.toString('utf8', skeletonStart, i))) {
          // The array's own bracket stays in the skeleton; its members do not.
          this.skeleton.push(Buffer.from(chunk.subarray(skeletonStart, i + 1)));
          this.featuresOpened ??= `${Buffer.concat(this.skeleton).toString('utf8')}]}`;
          inFeatures = true;
          skeletonStart = -1;
        }
      } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
        if (inFeatures && depth === 3 && featureStart >= 0) {
          if (this.featureParts.length === 0) features.push(chunk.toString('utf8', featureStart, i + 1));
          else {
            this.featureParts.push(chunk.subarray(featureStart, i + 1));
            features.push(Buffer.concat(this.featureParts).toString('utf8'));
            this.featureParts = [];
          }
          featureStart = -1;
        } else if (inFeatures && depth === 2) {
          // The features array closes: the skeleton resumes with its bracket.
          inFeatures = false;
          skeletonStart = i;
        }
        depth -= 1;
        if (depth < 0) return { features, failure: 'unbalanced brackets' };
      }
      i += 1;
    }
    if (featureStart >= 0) this.featureParts.push(chunk.subarray(featureStart));
    if (skeletonStart >= 0) {
      const part = Buffer.from(chunk.subarray(skeletonStart));
      this.skeleton.push(part);
      this.skeletonTail = (this.skeletonTail + part.toString('utf8')).slice(-64);
    }
    this.depth = depth;
    this.inString = inString;
    this.inFeatures = inFeatures;
    return { features, failure: null };
  }

  /** The top-level members, read at the end. */
  header(): string {
    return Buffer.concat(this.skeleton).toString('utf8');
  }
}

function readHeader(text: string, origin: string, hasFeatures: boolean): GeoJsonHeader {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${origin}: not valid JSON (${(error as Error).message})`, { cause: error });
  }
  const top = (json ?? {}) as { type?: unknown; crs?: { properties?: { name?: unknown } } };
  const crsName = top.crs?.properties?.name;
  return { type: top.type, crs: typeof crsName === 'string' ? crsName : undefined, hasFeatures };
}
