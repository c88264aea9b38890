import type { OverlayImportReport } from '@parcel-map/shared/api';
import { number } from '../formats.ts';
import { overlayKind } from '../overlays/overlayKind.ts';
import { Count, Refusal, Rejections } from './reportParts.tsx';

/** What checking (or publishing) an overlay layer's file found, worded as the parcels' report. */
export function OverlayReport({ report }: { report: OverlayImportReport }) {
  const { overlay } = report;
  return (
    <div className="data-report">
      <Refusal refusal={report.refusal} />
      <dl className="data-counts">
        <Count label="Overlay">
          {overlay.label} ({overlay.name}
          {overlay.version !== null && `, version ${overlay.version}`})
        </Count>
        <Count label="File" wide>
          {report.file} · {report.format} · {report.crs}
        </Count>
        <Count label="Kind">{overlay.geometryType ? overlayKind({ geometryType: overlay.geometryType, context: overlay.context }) : '—'}</Count>
        <Count label="Features read">{number.format(report.features)}</Count>
        <Count label="Features to publish">{number.format(report.imported)}</Count>
        <Count label="Polygons repaired">{number.format(report.repaired)}</Count>
        <Count label="Rejected">{number.format(report.rejected)}</Count>
        <Count label="Source" wide>
          {overlay.sourceName}
          {overlay.licence && ` · ${overlay.licence}`}
        </Count>
      </dl>
      <Rejections columns={['Feature', 'Detail']} rows={report.rejections.map((row) => ({ key: row.feature, cells: [row.feature, row.detail] }))} />
    </div>
  );
}
