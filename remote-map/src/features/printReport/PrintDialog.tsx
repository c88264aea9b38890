// The print button's dialog: what to print (the parcel, the parcels near it, saved parcels, a measured
// shape, the shown markups or the map's centre), at what scale (fit, engineering or ratio), on what paper; it draws
// the map at that view, waits for it to be idle, and offers the sheet as a PDF to download.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { selectIsSignedIn, selectRuntimeConfig, selectUserLabel, useAppSelector } from '@parcel-map/shared';
import { useGetQueryMatchesQuery, useListMarkupsQuery, useListSavedParcelsQuery } from '@parcel-map/shared/api';
import type { MapController } from '../../map/mapController.ts';
import { SELECTED_LINE } from '../../map/parcelLayers.ts';
import { useGetDatasetsQuery, useGetNearbyQuery, useGetParcelQuery } from '../parcelSelection/parcelsApi.ts';
import { NOT_A_SURVEY, provenanceText } from '../parcelSelection/ParcelDetailPanel.tsx';
import { selectSelectedPin } from '../parcelSelection/parcelSelectionSlice.ts';
import { selectMapCenter, selectMapOverlays, selectMapStyleId, selectShownOverlayLayers } from '../mapView/mapViewSlice.ts';
import { selectMeasurement } from '../measure/measureSlice.ts';
import { selectParcelFinder } from '../search/parcelFinderSlice.ts';
import { useSwitchableOverlays } from '../overlays/overlaysApi.ts';
import { useImageryStyles } from '../imagery/imageryApi.ts';
import { MapDialog } from '../mapScreen/MapDialog.tsx';
import { planPrint, printLegend, printSubjects } from './printContent.ts';
import { PAPER_SIZES, framePixels, sheetLayout, type Orientation, type PaperId } from './printLayout.ts';
import { ENGINEERING_SCALES, RATIO_SCALES } from './printScale.ts';
import './printDialog.css';

const ALL_SCALES = [...ENGINEERING_SCALES, ...RATIO_SCALES];
const DEFAULT_SCALE_ID = 'eng-200';

type Progress = { kind: 'idle' } | { kind: 'drawing' } | { kind: 'ready'; url: string; fileName: string } | { kind: 'failed'; message: string };

export function PrintDialog({ controller, onClose }: { controller: Pick<MapController, 'capture'>; onClose(): void }) {
  const id = useId();

  const signedIn = useAppSelector(selectIsSignedIn);
  const pin = useAppSelector(selectSelectedPin);
  const { currentData: parcel } = useGetParcelQuery(pin ?? skipToken);
  const { data: savedParcels } = useListSavedParcelsQuery(undefined, { skip: !signedIn });
  const { data: markups } = useListMarkupsQuery(undefined, { skip: !signedIn });
  const { data: datasets } = useGetDatasetsQuery(signedIn ? undefined : skipToken);
  const finder = useAppSelector(selectParcelFinder);
  const nearbyOpen = finder.panel === 'nearby' && finder.nearbyOf !== null;
  // The list's own query: answered from the cache the open list filled.
  const { currentData: nearbyAnswer } = useGetNearbyQuery(nearbyOpen && finder.nearbyOf ? { of: finder.nearbyOf, distanceFt: finder.distanceFt } : skipToken);
  const nearbyDistanceFt = finder.distanceFt;
  // The query panel's matches, from the answer that highlighted them.
  const { currentData: queryMatches } = useGetQueryMatchesQuery(finder.panel === 'query' && finder.queryConditions ? finder.queryConditions : skipToken);
  const measurement = useAppSelector(selectMeasurement);
  const mapCentre = useAppSelector(selectMapCenter);
  const userLabel = useAppSelector(selectUserLabel);
  const shownMarkups = useMemo(() => (markups ?? []).filter((markup) => markup.visible), [markups]);
  const subjects = useMemo(
    () =>
      printSubjects({
        parcel,
        nearby: nearbyAnswer ? { answer: nearbyAnswer, distanceFt: nearbyDistanceFt } : null,
        queryMatches: queryMatches ?? null,
        savedParcels: savedParcels ?? [],
        measurement,
        shownMarkups,
        mapCentre,
      }),
    [parcel, nearbyAnswer, nearbyDistanceFt, queryMatches, savedParcels, measurement, shownMarkups, mapCentre],
  );
  const legendInputs = useLegendInputs();

  const [chosenSubject, setChosenSubject] = useState<string | null>(null);
  const subject = subjects.find((candidate) => candidate.id === chosenSubject) ?? subjects[0]!;
  const [chosenScale, setChosenScale] = useState<string | null>(null);
  const scaleId = chosenScale === 'fit' && !subject.bounds ? DEFAULT_SCALE_ID : (chosenScale ?? (subject.bounds ? 'fit' : DEFAULT_SCALE_ID));
  const [paper, setPaper] = useState<PaperId>('letter');
  const [orientation, setOrientation] = useState<Orientation>('landscape');
  const [chosenTitle, setChosenTitle] = useState<string | null>(null);
  const title = chosenTitle ?? (parcel ? (parcel.add1 ?? `Parcel ${parcel.pin}`) : 'Parcel Map');

  const layout = sheetLayout(paper, orientation);
  const frame = framePixels(layout);
  const plan = planPrint(subject, scaleId === 'fit' ? 'fit' : ALL_SCALES.find((scale) => scale.id === scaleId)!, frame);

  const [progress, setProgress] = useState<Progress>({ kind: 'idle' });
  const running = useRef<AbortController | null>(null);
  const downloadRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => () => running.current?.abort(new Error('The print dialog closed.')), []);
  useEffect(() => {
    if (progress.kind !== 'ready') return;
    downloadRef.current?.focus();
    return () => URL.revokeObjectURL(progress.url);
  }, [progress]);

  const createPdf = async () => {
    if ('error' in plan) return;
    const abort = new AbortController();
    running.current = abort;
    setProgress({ kind: 'drawing' });
    try {
      const capture = await controller.capture({ ...plan.view, ...frame }, abort.signal);
      // pdf-lib is loaded only when a sheet is written: the map screen does not carry it.
      const { writePrintPdf } = await import('./printPdf.ts');
      const printedAt = new Date();
      const sheetDatasets = parcel ? (datasets?.datasets ?? []).filter((dataset) => dataset.name === parcel.dataset) : (datasets?.datasets ?? []);
      const bytes = await writePrintPdf({
        layout,
        map: { png: capture.png, ...frame, feetPerInch: plan.feetPerInch },
        scaleLabel: plan.scaleLabel,
        title,
        details: [
          ...(parcel ? [`PIN ${parcel.pin} · Owner ${parcel.owner ?? 'not recorded'}`] : []),
          `Printed ${printedAt.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })} by ${userLabel}`,
          `Centre ${plan.view.lat.toFixed(5)}, ${plan.view.lng.toFixed(5)}`,
          ...(sheetDatasets.length > 0 ? sheetDatasets.map(provenanceText) : ['Data source: not stated by the server.']),
        ],
        legend: printLegend({
          ...legendInputs,
          baseMapCredits: capture.credits,
          parcelsCredit: sheetDatasets.map((dataset) => `${dataset.source} (${dataset.licence})`).join(' · ') || null,
          selected: parcel ? { pin: parcel.pin, colour: SELECTED_LINE.color } : null,
          shownMarkups,
        }),
        notice: NOT_A_SURVEY,
      });
      if (abort.signal.aborted) return;
      const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }));
      setProgress({ kind: 'ready', url, fileName: `parcel-map-${parcel?.pin ?? 'map'}-${printedAt.toISOString().slice(0, 10)}.pdf` });
    } catch (error) {
      if (abort.signal.aborted) return;
      console.error('Print failed:', error);
      setProgress({ kind: 'failed', message: 'The PDF could not be made. Try again.' });
    }
  };

  const change = <Value,>(set: (value: Value) => void) => (value: Value) => {
    set(value);
    setProgress({ kind: 'idle' });
  };

  return (
    <MapDialog
      title="Print as PDF"
      onClose={onClose}
      wide
      raised
      closesOnBackdropClick={false}
      className="print-dialog"
      actions={
        <>
          {progress.kind === 'ready' && (
            <a ref={downloadRef} className="pm-button print-dialog__download" href={progress.url} download={progress.fileName}>
              Download PDF
            </a>
          )}
          <button type="submit" form={`${id}-form`} className="pm-button" disabled={'error' in plan || progress.kind === 'drawing'} aria-describedby={`${id}-summary`}>
            Create PDF
          </button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        className="print-dialog__form"
        onSubmit={(event) => {
          event.preventDefault();
          void createPdf();
        }}
      >
        <label className="print-dialog__field">
          <span>Map of</span>
          <select value={subject.id} onChange={(event) => change(setChosenSubject)(event.target.value)}>
            {subjects.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.label}
              </option>
            ))}
          </select>
        </label>
        <label className="print-dialog__field">
          <span>Scale</span>
          <select value={scaleId} onChange={(event) => change(setChosenScale)(event.target.value)}>
            {subject.bounds && <option value="fit">Fit to the sheet</option>}
            <optgroup label="Engineering">
              {ENGINEERING_SCALES.map((scale) => (
                <option key={scale.id} value={scale.id}>
                  {scale.label}
                </option>
              ))}
            </optgroup>
            <optgroup label="Ratio">
              {RATIO_SCALES.map((scale) => (
                <option key={scale.id} value={scale.id}>
                  {scale.label}
                </option>
              ))}
            </optgroup>
          </select>
        </label>
        <label className="print-dialog__field">
          <span>Paper</span>
          <select value={paper} onChange={(event) => change(setPaper)(event.target.value as PaperId)}>
            {(Object.keys(PAPER_SIZES) as PaperId[]).map((paperId) => (
              <option key={paperId} value={paperId}>
                {PAPER_SIZES[paperId].label}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="print-dialog__orientation">
          <legend>Orientation</legend>
          {(['portrait', 'landscape'] as const).map((value) => (
            <label key={value}>
              <input type="radio" name={`${id}-orientation`} value={value} checked={orientation === value} onChange={() => change(setOrientation)(value)} />
              {value === 'portrait' ? 'Portrait' : 'Landscape'}
            </label>
          ))}
        </fieldset>
        <label className="print-dialog__field">
          <span>Title</span>
          <input type="text" value={title} maxLength={120} onChange={(event) => change(setChosenTitle)(event.target.value)} />
        </label>
        <p className="print-dialog__summary" id={`${id}-summary`}>
          {'error' in plan ? plan.error : `Map frame ${layout.map.width.toFixed(1)} × ${layout.map.height.toFixed(1)} in at ${plan.scaleLabel}.`}
        </p>
        <p className="print-dialog__status" role="status">
          {progress.kind === 'drawing' && 'Drawing the map at that scale…'}
          {progress.kind === 'failed' && progress.message}
          {progress.kind === 'ready' && 'The PDF is ready.'}
        </p>
      </form>
    </MapDialog>
  );
}

/** The base map's name, the overlays drawn and the map's own switches, for the legend. */
function useLegendInputs() {
  const styleId = useAppSelector(selectMapStyleId);
  const configuredStyles = useAppSelector(selectRuntimeConfig)?.map.styles;
  const imageryStyles = useImageryStyles();
  const overlays = useSwitchableOverlays();
  const shownOverlayNames = useAppSelector(selectShownOverlayLayers);
  const switches = useAppSelector(selectMapOverlays);
  return useMemo(() => {
    const baseMap = [...(configuredStyles ?? []), ...imageryStyles].find((style) => style.id === styleId);
    return {
      baseMapName: baseMap?.name ?? 'Base map',
      overlays: shownOverlayNames.flatMap((name) => overlays?.filter((overlay) => overlay.name === name) ?? []),
      savedParcelsShown: switches.savedParcels,
      contoursShown: switches.contours,
    };
  }, [configuredStyles, imageryStyles, styleId, overlays, shownOverlayNames, switches]);
}
