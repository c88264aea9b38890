import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { IMAGERY_FILE_EXTENSIONS, IMAGERY_WORLD_FILE_EXTENSIONS, IMPORT_FILE_EXTENSIONS, type ImportLimits, type ImportMappingChoice } from '@parcel-map/shared/api';
import { DATASET_NAME_PATTERN, datasetNameFromFile, formatMegabytes, isDatasetName } from './datasetName.ts';
import { IMAGERY_YEAR_MESSAGE, ImageryYearField, typedImageryYear } from '../ImageryYearField.tsx';
import { defaultMappingChoice, MappingChoice } from './MappingChoice.tsx';
import type { ImageryRequest, ImportRequest, OverlayRequest } from './useImportFlow.ts';

/** What the chosen file is: a county's parcels, one of its other layers, or a photo of it. */
type FileKind = 'parcels' | 'overlay' | 'imagery';

const VECTOR_FORMATS = 'GeoJSON, GeoJSONSeq, TopoJSON, GeoPackage, KML/KMZ, CSV (a WKT or longitude/latitude columns), or a zip of a Shapefile or a File Geodatabase (.gdb folder).';

/** What each kind of file is called in the form. */
const KIND_WORDS: Record<FileKind, { choice: string; file: string; name: string; example: string; formats: string; accept: readonly string[] }> = {
  parcels: {
    choice: 'Parcels',
    file: 'parcel file',
    name: 'Data set name',
    example: 'iredell-nc',
    formats: VECTOR_FORMATS,
    accept: IMPORT_FILE_EXTENSIONS,
  },
  overlay: {
    choice: 'An overlay layer',
    file: 'overlay file',
    name: 'Overlay name',
    example: 'flood-zones',
    formats: VECTOR_FORMATS,
    accept: IMPORT_FILE_EXTENSIONS,
  },
  imagery: {
    choice: 'Imagery',
    file: 'image file',
    name: 'Imagery name',
    example: 'orthophoto-2024',
    formats: 'GeoTIFF or Cloud-Optimized GeoTIFF, JPEG 2000, a JPEG or PNG with its world file, or a .zip of orthophoto tiles (mosaicked into one); in any coordinate system.',
    accept: [...IMAGERY_FILE_EXTENSIONS, '.zip'],
  },
};

/** A JPEG or PNG says nothing of where it lies: its world file does. */
const needsWorldFile = (file: File) => /\.(jpe?g|png)$/i.test(file.name);

const MAX_REJECTED_DEFAULT_PERCENT = 5;

/**
 * The upload form: what the file is, then for parcels their field mapping, join table and data set name,
 * for an overlay layer its name, label and mapping; how many rejections to allow.
 */
export function ImportForm({
  limits,
  onSubmit,
  onCheckOverlay,
  onPublishImagery,
  error,
  busy = false,
  children,
}: {
  limits: ImportLimits;
  onSubmit: (request: ImportRequest) => void;
  onCheckOverlay: (request: OverlayRequest) => void;
  onPublishImagery: (request: ImageryRequest) => void;
  error: string | null;
  /** While its files go up, the form stays (what was chosen is kept if the upload fails) but cannot change. */
  busy?: boolean;
  /** Shown under the fields: the upload's progress. */
  children?: ReactNode;
}) {
  const id = useId();
  const [kind, setKind] = useState<FileKind>('parcels');
  /** The parcel, overlay or image file. */
  const [chosenFile, setChosenFile] = useState<File | null>(null);
  const [label, setLabel] = useState('');
  const [attribution, setAttribution] = useState('');
  const [year, setYear] = useState('');
  const [worldFile, setWorldFile] = useState<File | null>(null);
  const [crs, setCrs] = useState('');
  const [mapping, setMapping] = useState(() => defaultMappingChoice(limits.bundledMappings));
  const [overlayMapping, setOverlayMapping] = useState(() => defaultMappingChoice(limits.bundledOverlayMappings));
  const [joinTable, setJoinTable] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [nameEdited, setNameEdited] = useState(false);
  const [maxRejected, setMaxRejected] = useState(String(MAX_REJECTED_DEFAULT_PERCENT));
  const [problem, setProblem] = useState<string | null>(null);

  const overlay = kind === 'overlay';
  const imagery = kind === 'imagery';
  const words = KIND_WORDS[kind];
  const uploadedMapping = ({ kind, file }: typeof mapping) => (kind === 'uploaded' ? file : null);
  const files = (
    overlay ? [chosenFile, uploadedMapping(overlayMapping)]
    : imagery ? [chosenFile, worldFile]
    : [chosenFile, uploadedMapping(mapping), joinTable]
  ).filter((file): file is File => file !== null);
  const totalBytes = files.reduce((sum, file) => sum + file.size, 0);

  const chosenMapping = overlay ? overlayMapping : mapping;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const percent = Number(maxRejected);
    const found =
      !chosenFile ? `Choose the ${words.file}.`
      : imagery && needsWorldFile(chosenFile) && !worldFile ? 'A JPEG or PNG image is placed on the map by its world file (.jgw, .pgw or .wld): choose it too.'
      : imagery && typedImageryYear(year) === null ? IMAGERY_YEAR_MESSAGE
      : !imagery && chosenMapping.kind === 'uploaded' && !chosenMapping.file ? 'Choose the mapping file, or another mapping.'
      : !isDatasetName(name) ? `The ${words.name.toLowerCase()} is lower-case letters and digits, words joined by hyphens (such as ${words.example}).`
      : !imagery && (maxRejected.trim() === '' || !Number.isFinite(percent) || percent < 0 || percent > 100) ? 'The rejected share is a percentage from 0 to 100.'
      : totalBytes > limits.maxUploadBytes ? `These files are ${formatMegabytes(totalBytes)}; the limit is ${formatMegabytes(limits.maxUploadBytes)}.`
      : null;
    setProblem(found);
    if (found || !chosenFile) return;
    if (imagery) {
      const optional = { label: label.trim(), attribution: attribution.trim(), crs: crs.trim() };
      const taken = typedImageryYear(year);
      onPublishImagery({
        file: chosenFile,
        worldFile,
        imagery: name,
        ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== '')),
        ...(taken && { year: taken }),
      });
      return;
    }
    if (overlay) {
      onCheckOverlay({
        file: chosenFile,
        mapping: uploadedMapping(overlayMapping),
        ...(overlayMapping.kind === 'bundled' && { bundledMapping: overlayMapping.bundled }),
        overlay: name,
        ...(label.trim() && { label: label.trim() }),
        maxRejectedShare: percent / 100,
      });
      return;
    }
    const choice: ImportMappingChoice =
      mapping.kind === 'bundled' ? { kind: 'bundled', name: mapping.bundled } : mapping.kind === 'uploaded' && mapping.file ? { kind: 'uploaded', file: mapping.file.name } : { kind: 'default' };
    onSubmit({ files, validate: { file: chosenFile, dataset: name, mapping: choice, maxRejectedShare: percent / 100 } });
  };

  const shown = problem ?? error;
  return (
    <form className="data-form" onSubmit={submit} noValidate aria-describedby={`${id}-limit`}>
      <p id={`${id}-limit`} className="data-muted">
        Upload limit: {formatMegabytes(limits.maxUploadBytes)} for all files of one import together.
      </p>
      <fieldset className="data-form__fields" disabled={busy}>
      <fieldset className="data-field">
        <legend>The file holds</legend>
        <div className="data-actions">
          {(Object.keys(KIND_WORDS) as FileKind[]).map((choice) => (
            <label key={choice} className="data-choice">
              <input type="radio" name={`${id}-kind`} checked={kind === choice} onChange={() => setKind(choice)} />
              {KIND_WORDS[choice].choice}
            </label>
          ))}
        </div>
        <p className="data-muted">
          An overlay is one of the county's other layers (flood zones, zoning, water, roads), switched on in the map's Overlays panel. Imagery (an orthophoto or
          satellite image) becomes a base map of its own.
        </p>
      </fieldset>
      <div className="data-field">
        <label htmlFor={`${id}-parcels`}>{words.file[0]!.toUpperCase() + words.file.slice(1)}</label>
        <input
          id={`${id}-parcels`}
          type="file"
          accept={words.accept.join(',')}
          aria-describedby={`${id}-formats`}
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            setChosenFile(file);
            if (file && !nameEdited) setName(datasetNameFromFile(file.name));
          }}
        />
        <p id={`${id}-formats`} className="data-muted">
          {words.formats}
        </p>
      </div>
      {imagery ? (
        <>
          <div className="data-field">
            <label htmlFor={`${id}-world-file`}>World file (for a JPEG or PNG)</label>
            <input id={`${id}-world-file`} type="file" accept={IMAGERY_WORLD_FILE_EXTENSIONS.join(',')} onChange={(event) => setWorldFile(event.target.files?.[0] ?? null)} />
            <p className="data-muted">The small text file beside the image that places it on the map.</p>
          </div>
          <div className="data-field">
            <label htmlFor={`${id}-label`}>Label (optional)</label>
            <input id={`${id}-label`} type="text" value={label} placeholder="Orthophoto 2024" autoComplete="off" onChange={(event) => setLabel(event.target.value)} />
            <p className="data-muted">The base map menu shows it as "Imagery — label"; by default the imagery name.</p>
          </div>
          <ImageryYearField id={`${id}-year`} value={year} onChange={setYear} />
          <div className="data-field">
            <label htmlFor={`${id}-attribution`}>Attribution (optional)</label>
            <input id={`${id}-attribution`} type="text" value={attribution} placeholder="Iredell County GIS" autoComplete="off" onChange={(event) => setAttribution(event.target.value)} />
            <p className="data-muted">Who took the imagery, and its licence: shown in the map's attribution.</p>
          </div>
          <div className="data-field">
            <label htmlFor={`${id}-crs`}>Coordinate system (optional)</label>
            <input id={`${id}-crs`} type="text" value={crs} placeholder="EPSG:2264" autoComplete="off" spellCheck={false} onChange={(event) => setCrs(event.target.value)} />
            <p className="data-muted">Only for a file that does not say it (a JPEG or PNG with a world file): an EPSG code.</p>
          </div>
        </>
      ) : overlay ? (
        <>
          <div className="data-field">
            <label htmlFor={`${id}-label`}>Label (optional)</label>
            <input id={`${id}-label`} type="text" value={label} placeholder="Flood zones" autoComplete="off" onChange={(event) => setLabel(event.target.value)} />
            <p className="data-muted">What the map's Overlays panel shows; by default the mapping's label, else the overlay name.</p>
          </div>
          <MappingChoice
            id={`${id}-overlay-mapping`}
            legend="Overlay mapping"
            defaultLabel="None (every property shown, the file's name as its source)"
            bundledLabel="Bundled overlay mapping"
            bundledNames={limits.bundledOverlayMappings}
            value={overlayMapping}
            onChange={setOverlayMapping}
          />
          <p className="data-muted">A mapping gives the layer's source, licence, colours and the properties shown.</p>
        </>
      ) : (
        <>
          <MappingChoice
            id={`${id}-mapping`}
            legend="Field mapping"
            defaultLabel="Default (the file's field names: PIN, Name, ADD1…)"
            bundledLabel="Bundled mapping"
            bundledNames={limits.bundledMappings}
            value={mapping}
            onChange={setMapping}
          />
          <div className="data-field">
            <label htmlFor={`${id}-join`}>Join table (.csv), when the mapping joins one</label>
            <input id={`${id}-join`} type="file" accept=".csv,text/csv" onChange={(event) => setJoinTable(event.target.files?.[0] ?? null)} />
            <p className="data-muted">The Cambridge mapping joins TaxFY14.csv.</p>
          </div>
        </>
      )}
      <div className="data-row">
        <div className="data-field">
          <label htmlFor={`${id}-name`}>{words.name}</label>
          <input
            id={`${id}-name`}
            type="text"
            value={name}
            pattern={DATASET_NAME_PATTERN}
            placeholder={words.example}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => {
              setName(event.target.value);
              setNameEdited(true);
            }}
          />
        </div>
        {!imagery && (
          <div className="data-field">
            <label htmlFor={`${id}-max`}>Max rejected (%)</label>
            <input id={`${id}-max`} type="number" min={0} max={100} step={0.5} inputMode="decimal" value={maxRejected} onChange={(event) => setMaxRejected(event.target.value)} />
          </div>
        )}
      </div>
      </fieldset>
      {children}
      {shown && !busy && (
        <p className="data-error" role="alert">
          {shown}
        </p>
      )}
      {!busy && (
        <div className="data-actions">
          <button type="submit" className="pm-button">
            {overlay ? 'Check' : imagery ? 'Upload and publish' : 'Upload and validate'}
          </button>
          {totalBytes > 0 && <span className="data-muted">{formatMegabytes(totalBytes)} to upload</span>}
        </div>
      )}
    </form>
  );
}
