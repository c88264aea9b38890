// The Data page's "Imagery services": a county's own tile service added as a base map (XYZ, WMTS, WMS,
// ArcGIS), with its label, attribution and bounds; the API checks it and words any refusal, shown as
// it is. Each service listed with its tile template, and removed from here.
import { useId, useState, type FormEvent } from 'react';
import { IMAGERY_SERVICE_KINDS, type ImageryServiceKind, type ImageryTileService } from '@parcel-map/shared/api';
import { failureMessage } from '../dataAdminApi.ts';
import { IMAGERY_YEAR_MESSAGE, ImageryYearField, typedImageryYear } from '../ImageryYearField.tsx';
import { useAddImageryServiceMutation, useListImageryServicesQuery, useRemoveImageryServiceMutation } from './imageryServicesApi.ts';

const KIND_CHOICES: Record<ImageryServiceKind, { label: string; hint: string }> = {
  xyz: { label: 'XYZ tiles', hint: 'A tile template with {z}, {x} and {y}, e.g. https://tiles.example.gov/ortho/{z}/{x}/{y}.png' },
  wmts: { label: 'WMTS', hint: "The service's GetCapabilities URL: its web map (GoogleMapsCompatible) tiles are found there." },
  wms: { label: 'WMS', hint: 'A GetMap request in EPSG:3857 with BBOX={bbox-epsg-3857}, filled for each tile.' },
  arcgis: { label: 'ArcGIS MapServer / ImageServer', hint: "The service's address, or its …/tile/{z}/{y}/{x}." },
};

const BOUNDS_MESSAGE = 'Give the bounds as four numbers: west, south, east, north (degrees)';

/** "west, south, east, north" as four numbers, or undefined. */
function parseBounds(text: string): [number, number, number, number] | undefined {
  const parts = text.split(/[\s,]+/).filter(Boolean).map(Number);
  return parts.length === 4 && parts.every(Number.isFinite) ? (parts as [number, number, number, number]) : undefined;
}

function AddServiceForm() {
  const id = useId();
  const [kind, setKind] = useState<ImageryServiceKind>('xyz');
  const [url, setUrl] = useState('');
  const [label, setLabel] = useState('');
  const [attribution, setAttribution] = useState('');
  const [year, setYear] = useState('');
  const [bounds, setBounds] = useState('');
  const [layer, setLayer] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [add, adding] = useAddImageryServiceMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    const box = parseBounds(bounds);
    const taken = typedImageryYear(year);
    if (!box || taken === null) {
      setProblem(box ? IMAGERY_YEAR_MESSAGE : BOUNDS_MESSAGE);
      return;
    }
    setProblem(null);
    try {
      const wmtsLayer = kind === 'wmts' && layer.trim() ? { layer: layer.trim() } : {};
      const service = await add({ kind, url: url.trim(), label: label.trim(), attribution: attribution.trim(), bounds: box, ...wmtsLayer, ...(taken && { year: taken }) }).unwrap();
      setAdded(`Added: the base map menu lists it as "Imagery — ${service.label}".`);
      setUrl('');
      setLabel('');
      setAttribution('');
      setYear('');
      setBounds('');
      setLayer('');
    } catch (error) {
      setProblem(failureMessage(error));
    }
  };

  return (
    <form className="data-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Add an imagery service">
      <fieldset className="data-form__fields" disabled={adding.isLoading}>
        <div className="data-field">
          <label htmlFor={`${id}-kind`}>Kind</label>
          <select id={`${id}-kind`} value={kind} onChange={(event) => setKind(event.target.value as ImageryServiceKind)}>
            {IMAGERY_SERVICE_KINDS.map((choice) => (
              <option key={choice} value={choice}>
                {KIND_CHOICES[choice].label}
              </option>
            ))}
          </select>
        </div>
        <div className="data-field">
          <label htmlFor={`${id}-url`}>URL</label>
          <input id={`${id}-url`} type="text" required value={url} onChange={(event) => setUrl(event.target.value)} aria-describedby={`${id}-url-hint`} spellCheck={false} />
          <p id={`${id}-url-hint`} className="data-muted">
            {KIND_CHOICES[kind].hint}
          </p>
        </div>
        {kind === 'wmts' && (
          <div className="data-field">
            <label htmlFor={`${id}-layer`}>Layer (optional)</label>
            <input id={`${id}-layer`} type="text" value={layer} onChange={(event) => setLayer(event.target.value)} spellCheck={false} />
            <p className="data-muted">Its identifier in the capabilities; by default the first one offered in the web map's tiling.</p>
          </div>
        )}
        <div className="data-field">
          <label htmlFor={`${id}-label`}>Label</label>
          <input id={`${id}-label`} type="text" required value={label} onChange={(event) => setLabel(event.target.value)} />
          <p className="data-muted">The base map menu shows it as "Imagery — label".</p>
        </div>
        <ImageryYearField id={`${id}-year`} value={year} onChange={setYear} />
        <div className="data-field">
          <label htmlFor={`${id}-attribution`}>Attribution</label>
          <input id={`${id}-attribution`} type="text" value={attribution} onChange={(event) => setAttribution(event.target.value)} />
        </div>
        <div className="data-field">
          <label htmlFor={`${id}-bounds`}>Bounds (west, south, east, north)</label>
          <input id={`${id}-bounds`} type="text" required value={bounds} onChange={(event) => setBounds(event.target.value)} placeholder="-71.16, 42.35, -71.06, 42.41" />
          <p className="data-muted">Where the service has imagery, in degrees: the map asks it for no tile outside.</p>
        </div>
        <div className="data-actions">
          <button type="submit" className="pm-button">
            {adding.isLoading ? 'Adding…' : 'Add service'}
          </button>
        </div>
      </fieldset>
      {problem && (
        <p role="alert" className="data-error">
          {problem}
        </p>
      )}
      {added && (
        <p role="status" className="data-success">
          {added}
        </p>
      )}
    </form>
  );
}

function ServiceCard({ service }: { service: ImageryTileService }) {
  const [remove, removing] = useRemoveImageryServiceMutation();
  const [problem, setProblem] = useState<string | null>(null);
  // Removal asks first: the base map goes for every user at once.
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();
  return (
    <article className="data-stack" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {service.label} <span className="data-muted data-dataset__name">{service.name}</span>
      </h3>
      <dl className="data-counts">
        <div>
          <dt>Kind</dt>
          <dd>{KIND_CHOICES[service.kind].label}</dd>
        </div>
        <div>
          <dt>Zooms</dt>
          <dd>
            {service.minzoom}–{service.maxzoom}
          </dd>
        </div>
        <div className="data-counts__wide">
          <dt>Tiles</dt>
          <dd>{service.tiles}</dd>
        </div>
        <div className="data-counts__wide">
          <dt>Bounds</dt>
          <dd>{service.bounds.join(', ')}</dd>
        </div>
        {service.year !== null && (
          <div>
            <dt>Year taken</dt>
            <dd>{service.year}</dd>
          </div>
        )}
        {service.attribution && (
          <div className="data-counts__wide">
            <dt>Attribution</dt>
            <dd>{service.attribution}</dd>
          </div>
        )}
      </dl>
      {confirming ? (
        <div className="data-actions" role="group" aria-label={`Remove ${service.label}?`}>
          <p>Remove {service.label}? The base map menu stops offering it to everyone.</p>
          <button
            type="button"
            className="pm-button pm-button--danger"
            disabled={removing.isLoading}
            onClick={() => {
              setProblem(null);
              remove(service.name)
                .unwrap()
                .catch((error: unknown) => {
                  setConfirming(false);
                  setProblem(failureMessage(error));
                });
            }}
          >
            {removing.isLoading ? 'Removing…' : 'Remove service'}
          </button>
          <button type="button" className="pm-button pm-button--secondary" autoFocus onClick={() => setConfirming(false)}>
            Keep it
          </button>
        </div>
      ) : (
        <div className="data-actions">
          <button type="button" className="pm-button pm-button--secondary" aria-label={`Remove ${service.label}`} onClick={() => setConfirming(true)}>
            Remove
          </button>
        </div>
      )}
      {problem && (
        <p role="alert" className="data-error">
          {problem}
        </p>
      )}
    </article>
  );
}

/** The imagery services added, and the form to add one. */
export function ImageryServicesSection() {
  const headingId = useId();
  const list = useListImageryServicesQuery();
  let body;
  if (list.isLoading) body = <p role="status">Loading imagery services…</p>;
  else if (!list.data)
    body = (
      <div role="alert" className="data-error">
        <p>Could not load the imagery services: {failureMessage(list.error)}</p>
        <button type="button" className="pm-button" onClick={() => void list.refetch()}>
          Try Again
        </button>
      </div>
    );
  else if (list.data.services.length === 0) body = <p className="data-muted">No imagery service is added yet.</p>;
  else body = list.data.services.map((service) => <ServiceCard key={service.name} service={service} />);
  return (
    <section className="data-card" aria-labelledby={headingId} aria-busy={list.isFetching}>
      <h2 id={headingId}>Imagery services</h2>
      <p className="data-muted">A county's own tile service, used as a base map beside imported imagery.</p>
      {body}
      <h3>Add a service</h3>
      <AddServiceForm />
    </section>
  );
}
