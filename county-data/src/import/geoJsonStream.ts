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
  // Everything but the features' own bytes: the top-level members, to read the header from.
  const skeleton: Buffer[] = [];
  let skeletonTail = '';
  let depth = 0;
  let inString = false;
  let escaped = false;
  /** Inside the top-level `features` array, whose members (depth 3) are cut out. */
  let inFeatures = false;
  let featureParts: Buffer[] = [];
  let featureStart = -1;
  let sent: GeoJsonHeader | null = null;
  let sawFeatures = false;

  for await (const chunk of chunks) {
    let skeletonStart = inFeatures ? -1 : 0;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) inString = false;
        continue;
      }
      if (byte === QUOTE) {
        inString = true;
      } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
        depth += 1;
        if (inFeatures && depth === 3) featureStart = i;
        else if (byte === OPEN_BRACKET && depth === 2 && /"features"\s*:\s*$/.test(skeletonTail + chunk.toString('utf8', skeletonStart, i))) {
          // The array's own bracket stays in the skeleton; its members do not.
          skeleton.push(chunk.subarray(skeletonStart, i + 1));
          inFeatures = true;
          sawFeatures = true;
          skeletonStart = -1;
          if (sent === null) {
            sent = readHeader(Buffer.concat([...skeleton, Buffer.from(']}')]), origin, true);
            yield { kind: 'header', header: sent };
          }
        }
      } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
        if (inFeatures && depth === 3 && featureStart >= 0) {
          featureParts.push(chunk.subarray(featureStart, i + 1));
          yield { kind: 'feature', text: featureParts.length === 1 ? featureParts[0]!.toString('utf8') : Buffer.concat(featureParts).toString('utf8') };
          featureParts = [];
          featureStart = -1;
        } else if (inFeatures && depth === 2) {
          // The features array closes: the skeleton resumes with its bracket.
          inFeatures = false;
          skeletonStart = i;
        }
        depth -= 1;
        if (depth < 0) throw new Error(`${origin}: not valid JSON (unbalanced brackets)`);
      }
    }
    if (inFeatures && featureStart >= 0) {
      featureParts.push(chunk.subarray(featureStart));
      featureStart = 0;
    }
    if (skeletonStart >= 0) {
      const part = chunk.subarray(skeletonStart);
      skeleton.push(part);
      skeletonTail = (skeletonTail + part.toString('utf8')).slice(-64);
    }
  }
  if (depth !== 0 || inString) throw new Error(`${origin}: not valid JSON (the file ends inside ${inString ? 'a string' : 'an object or array'})`);
  const header = readHeader(Buffer.concat(skeleton), origin, sawFeatures);
  if (sent === null) yield { kind: 'header', header };
  else if (header.crs !== sent.crs) throw new Error(`${origin}: its "crs" comes after its features; it must come before them to read their coordinates`);
}

function readHeader(text: Buffer, origin: string, hasFeatures: boolean): GeoJsonHeader {
  let json: unknown;
  try {
    json = JSON.parse(text.toString('utf8'));
  } catch (error) {
    throw new Error(`${origin}: not valid JSON (${(error as Error).message})`, { cause: error });
  }
  const top = (json ?? {}) as { type?: unknown; crs?: { properties?: { name?: unknown } } };
  const crsName = top.crs?.properties?.name;
  return { type: top.type, crs: typeof crsName === 'string' ? crsName : undefined, hasFeatures };
}
