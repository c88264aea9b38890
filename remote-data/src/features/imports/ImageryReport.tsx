import type { ImageryImportReport } from '@parcel-map/shared/api';
import { formatMegabytes } from './datasetName.ts';
import { Count } from './reportParts.tsx';

const degrees = (value: number) => value.toFixed(5);

/** What an imagery import read and wrote, in the report's terms (the import command prints the same). */
export function ImageryReport({ report }: { report: ImageryImportReport }) {
  const { imagery } = report;
  const [west, south, east, north] = report.bbox;
  return (
    <div className="data-report">
      <dl className="data-counts">
        <Count label="Imagery">
          {imagery.label} ({imagery.name}, version {imagery.version})
        </Count>
        <Count label="Year taken">{imagery.year ?? 'not given'}</Count>
        <Count label="File" wide>
          {report.file} · {report.format} · {report.crs}
        </Count>
        <Count label="Size">
          {report.width.toLocaleString('en-US')} × {report.height.toLocaleString('en-US')} px, {report.bands} band{report.bands === 1 ? '' : 's'}
        </Count>
        <Count label="Resolution">{report.resolution} per pixel</Count>
        <Count label="No data">{report.nodata ?? 'none'}</Count>
        <Count label="Map zooms">
          {report.minzoom}–{report.maxzoom} ({report.tileFormat.toUpperCase()} tiles)
        </Count>
        <Count label="Extent (lon, lat)" wide>
          {degrees(west)}, {degrees(south)} to {degrees(east)}, {degrees(north)}
        </Count>
        <Count label="Stored">
          {formatMegabytes(report.storedBytes)} (source {formatMegabytes(report.sourceBytes)})
        </Count>
      </dl>
    </div>
  );
}
