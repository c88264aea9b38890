// The forms a mapping's `crs` may take. GDAL reads its -s_srs as anything it can make a CRS of —
// a file's path (whose content it reads), a URL (which it fetches), a +init= file — so only the forms
// that name no file or address are accepted.
import { z } from 'zod';

/** EPSG/ESRI codes (also as OGC URNs), CRS84, WKT 1 or 2, and +proj strings that read no file. */
const ACCEPTED_FORMS = [
  /^(?:urn:ogc:def:crs:)?(?:EPSG|ESRI):{1,2}\d+$/i,
  /^(?:urn:ogc:def:crs:OGC:1\.3:)?CRS84$/i,
  /^(?:PROJCS|GEOGCS|GEOCCS|COMPD_CS|VERT_CS|LOCAL_CS|PROJCRS|GEOGCRS|GEODCRS|BOUNDCRS|COMPOUNDCRS|VERTCRS|ENGCRS)\s*\[/i,
  /^\+proj=(?![\s\S]*\+init=)/,
];

/** Why `crs` is refused, undefined when it is one of the accepted forms. */
export function sourceCrsProblem(crs: string): string | undefined {
  const text = crs.trim();
  if (ACCEPTED_FORMS.some((form) => form.test(text))) return undefined;
  return `"crs" must be an EPSG or ESRI code (EPSG:2264), WKT or a +proj string without +init, not ${JSON.stringify(text.slice(0, 80))}: another form can name a file or an address`;
}

/** The mapping's `crs`, in the import and overlay mappings alike. */
export const sourceCrsSchema = z
  .string()
  .min(1)
  .superRefine((crs, context) => {
    const problem = sourceCrsProblem(crs);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
