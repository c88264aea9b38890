// Every feature's outline as the importer keeps it: reprojected to lon/lat, checked, and — when it is
// there but broken — repaired by GDAL and checked again. Only what cannot be repaired is refused.
import type { Geometry } from 'geojson';
import type { ParcelGeometry } from '../geometry/parcelGeometry.ts';
import { GDAL_PACKAGE, GdalMissingError } from './gdal.ts';
import { repairOutlines } from './repairOutlines.ts';
import { createReprojector, reprojectGeometry, type Reprojector } from './reproject.ts';
import { validateParcelGeometry } from './validateGeometry.ts';
import { tooManyVertices, type ImportFileLimits } from './importFileLimits.ts';

export type OutlineCheck = { ok: true; geometry: ParcelGeometry; repaired: boolean } | { ok: false; detail: string };

/** Lon/lat positions rounded as every imported position is. */
const rounded = createReprojector(undefined);

/**
 * One check per geometry, in order. Without GDAL a broken outline is refused, saying what would
 * repair it. An outline of more than `limits.maxVerticesPerFeature` positions is refused before it
 * is reprojected, checked or repaired.
 */
export async function checkOutlines(geometries: readonly (Geometry | null)[], reproject: Reprojector, limits: Pick<ImportFileLimits, 'maxVerticesPerFeature'>): Promise<OutlineCheck[]> {
  const checks: OutlineCheck[] = [];
  const broken = new Map<number, Geometry>();
  const problems = new Map<number, string>();
  geometries.forEach((source, i) => {
    const tooMany = tooManyVertices(source, limits);
    if (tooMany) {
      checks.push({ ok: false, detail: tooMany });
      return;
    }
    const geometry = reprojectGeometry(source, reproject);
    const check = validateParcelGeometry(geometry);
    checks.push(check.ok ? { ok: true, geometry: check.geometry, repaired: false } : { ok: false, detail: check.detail });
    if (!check.ok && check.repairable) {
      broken.set(i, geometry!);
      problems.set(i, check.detail);
    }
  });
  if (broken.size === 0) return checks;

  let repaired: Map<number, Geometry | null>;
  try {
    repaired = await repairOutlines(broken);
  } catch (error) {
    if (!(error instanceof GdalMissingError)) throw error;
    for (const [i, detail] of problems) checks[i] = { ok: false, detail: `${detail} (not repaired: GDAL's ogr2ogr is not installed, package ${GDAL_PACKAGE})` };
    return checks;
  }
  for (const [i, geometry] of repaired) {
    const detail = problems.get(i)!;
    const check = geometry === null ? null : validateParcelGeometry(reprojectGeometry(geometry, rounded));
    checks[i] =
      check?.ok ? { ok: true, geometry: check.geometry, repaired: true }
      : { ok: false, detail: `${detail}; ${check ? `still invalid once repaired (${check.detail})` : 'no area is left once repaired'}` };
  }
  return checks;
}
