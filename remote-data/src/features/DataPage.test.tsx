import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { network, renderWithStore, setupFakeNetwork, testConfig } from '@parcel-map/shared/testing';
import { DataPage } from './DataPage.tsx';
import { datasetVersion, fakeDataAdminApi, overlayImportReport, overlayVersion } from '../test/fakeDataAdminApi.ts';

const overlayReportOf = (overlay: string) => overlayImportReport({ file: 'Flood_Zones.geojson', overlay, dryRun: true });

setupFakeNetwork();

// The sample map needs WebGL (tested in e2e); here its module draws nothing.
vi.mock('../map/sampleMap.ts', () => ({ showSample: (_container: HTMLElement, _sample: unknown, onDrawn: () => void) => (onDrawn(), () => {}) }));

function MapStandIn() {
  return <p>map at {useLocation().search}</p>;
}

function renderPage() {
  return renderWithStore(
    <MemoryRouter initialEntries={['/data']}>
      <Routes>
        <Route path="/data" element={<DataPage />} />
        <Route path="/" element={<MapStandIn />} />
      </Routes>
    </MemoryRouter>,
  );
}

const file = (name: string, text = '{"type":"FeatureCollection","features":[]}') => new File([text], name, { type: 'application/octet-stream' });

async function chooseCambridge(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(await screen.findByLabelText('Parcel file'), file('ASSESSING_ParcelsFY2014.converted.geojson'));
  await user.click(screen.getByRole('radio', { name: /^Bundled/ }));
  await user.upload(screen.getByLabelText('Join table (.csv), when the mapping joins one'), file('TaxFY14.csv', 'ML,Owner1\n'));
  await user.clear(screen.getByLabelText('Data set name'));
  await user.type(screen.getByLabelText('Data set name'), 'cambridge-ma');
}

describe('DataPage: the data sets', () => {
  it('shows loading, then every version with the current one marked', async () => {
    fakeDataAdminApi({ versions: [datasetVersion({ name: 'iredell-nc', version: 2 }), datasetVersion({ name: 'iredell-nc', version: 1, current: false }), datasetVersion()] });
    renderPage();
    expect(screen.getByText('Loading data sets…')).toBeInTheDocument();
    const iredell = await screen.findByRole('article', { name: 'iredell-nc' });
    const rows = within(iredell).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(rows[1]).toHaveTextContent(/^2current56,000/);
    expect(rows[2]).not.toHaveAttribute('aria-current');
    expect(within(iredell).getByRole('button', { name: 'Roll back iredell-nc' })).toBeEnabled();
    // One version: nothing to roll back to.
    expect(screen.getByRole('button', { name: 'Roll back demo-county' })).toBeDisabled();
  });

  it('says when nothing is published yet', async () => {
    fakeDataAdminApi({ versions: [] });
    renderPage();
    expect(await screen.findByText('No data set is published yet. Import a file above.')).toBeInTheDocument();
  });

  it('shows a failed load with the server’s message and tries again', async () => {
    const api = fakeDataAdminApi();
    api.failNext('datasets', { status: 500, body: { message: 'Database unavailable' } });
    renderPage();
    expect(await screen.findByText('Could not load the data sets: Database unavailable')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Try Again' })[0]!);
    expect(await screen.findByRole('article', { name: 'demo-county' })).toBeInTheDocument();
  });

  it('rolls a data set back once asked, keeps the version rolled back from, and publishes it again (roll forward)', async () => {
    const user = userEvent.setup();
    const api = fakeDataAdminApi({ versions: [datasetVersion({ name: 'iredell-nc', version: 2 }), datasetVersion({ name: 'iredell-nc', version: 1, current: false })] });
    renderPage();
    const iredell = await screen.findByRole('article', { name: 'iredell-nc' });
    await user.click(within(iredell).getByRole('button', { name: 'Roll back iredell-nc' }));
    const asked = screen.getByRole('alertdialog', { name: 'Roll back iredell-nc to version 1?' });
    expect(asked).toHaveAccessibleDescription('The map serves version 1 again instead of version 2. Version 2 is kept: it can be published again.');
    expect(api.count('POST', '/api/admin/datasets/iredell-nc/rollback')).toBe(0);
    await user.click(within(asked).getByRole('button', { name: 'Yes, Roll back' }));
    await waitFor(() => expect(within(iredell).getAllByRole('row')[2]).toHaveAttribute('aria-current', 'true'));
    expect(api.count('POST', '/api/admin/datasets/iredell-nc/rollback')).toBe(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(iredell).getByRole('button', { name: 'Roll back iredell-nc' })).toBeDisabled();
    // The served version has no Publish again; the one rolled back from has.
    expect(within(iredell).queryByRole('button', { name: 'Publish version 1 of iredell-nc again' })).not.toBeInTheDocument();

    await user.click(within(iredell).getByRole('button', { name: 'Publish version 2 of iredell-nc again' }));
    const forward = screen.getByRole('alertdialog', { name: 'Publish version 2 of iredell-nc again?' });
    expect(forward).toHaveAccessibleDescription('The map serves version 2 instead of version 1. Version 1 is kept: it can be published again.');
    await user.click(within(forward).getByRole('button', { name: 'Yes, Publish again' }));
    await waitFor(() => expect(within(iredell).getAllByRole('row')[1]).toHaveAttribute('aria-current', 'true'));
    expect(api.count('POST', '/api/admin/datasets/iredell-nc/versions/2/publish')).toBe(1);
    expect(within(iredell).getByRole('button', { name: 'Roll back iredell-nc' })).toBeEnabled();
    // Its button gone with the answer, the keyboard is left on the data set, not lost to the page.
    expect(within(iredell).getByRole('heading', { name: 'iredell-nc' })).toHaveFocus();
  });

  it('leaves everything as it was when a question is cancelled with Escape, and gives the focus back', async () => {
    const user = userEvent.setup();
    const api = fakeDataAdminApi({ versions: [datasetVersion({ version: 2 }), datasetVersion({ version: 1, current: false })] });
    renderPage();
    const rollback = await screen.findByRole('button', { name: 'Roll back demo-county' });
    await user.click(rollback);
    // Cancel has the focus: Enter or Escape at once changes nothing.
    expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(rollback).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Publish version 1 of demo-county again' }));
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.requests.filter((request) => request.method === 'POST')).toEqual([]);
    expect(within(screen.getByRole('article', { name: 'demo-county' })).getAllByRole('row')[1]).toHaveAttribute('aria-current', 'true');
  });

  it('shows why a rollback was refused', async () => {
    const user = userEvent.setup();
    const api = fakeDataAdminApi({ versions: [datasetVersion({ version: 2 }), datasetVersion({ version: 1, current: false })] });
    api.failNext('rollback', { status: 409, body: { message: "Data set 'demo-county' has no earlier version to roll back to" } });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Roll back demo-county' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Roll back' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Data set 'demo-county' has no earlier version to roll back to");
  });

  it('says each version’s file, format, size, publisher and change summary', async () => {
    fakeDataAdminApi({
      versions: [
        datasetVersion({
          name: 'cambridge-ma',
          version: 2,
          file: { name: 'ASSESSING_ParcelsFY2015.geojson', format: 'geojson', bytes: 31_457_280 },
          publishedBy: 'clerk@cambridgema.gov',
          publishedAt: '2026-11-02T15:04:00Z',
          changes: { added: 2, removed: 1, outline: 0, owner: 3, sold: 4, value: 0 },
        }),
        datasetVersion({ name: 'cambridge-ma', version: 1, current: false, file: { name: 'ASSESSING_ParcelsFY2014.gdb.zip', format: 'filegdb', bytes: null } }),
      ],
    });
    renderPage();
    const [, newest, first] = within(await screen.findByRole('article', { name: 'cambridge-ma' })).getAllByRole('row');
    const cell = (row: HTMLElement | undefined, heading: string) => row!.querySelector(`[data-label="${heading}"]`);
    expect(cell(newest, 'File')).toHaveTextContent('ASSESSING_ParcelsFY2015.geojsongeojson · 30 MB');
    expect(cell(newest, 'Published')).toHaveTextContent(/^Nov 2, 2026, \d+:04 [AP]Mby clerk@cambridgema\.gov$/);
    expect(cell(newest, 'Changes')).toHaveTextContent('2 added, 1 removed, 3 owner changed, 4 sold');
    // Its first version: nothing to compare with, its size not recorded, published from the server's command line.
    expect(cell(first, 'File')).toHaveTextContent(/^ASSESSING_ParcelsFY2014\.gdb\.zipfilegdb$/);
    expect(cell(first, 'Changes')).toHaveTextContent('—');
    expect(cell(first, 'Published')).not.toHaveTextContent('by');
    expect(screen.getByRole('columnheader', { name: 'Changes' })).toBeInTheDocument();
  });

  it("lists a published version's change log from its row, and hides it again", async () => {
    const user = userEvent.setup();
    fakeDataAdminApi({
      versions: [
        datasetVersion({ name: 'cambridge-ma', version: 2, changes: { added: 0, removed: 0, outline: 0, owner: 1, sold: 0, value: 0 } }),
        datasetVersion({ name: 'cambridge-ma', version: 1, current: false }),
      ],
    });
    const asked: string[] = [];
    network.use(
      http.get(`${testConfig.apiBaseUrl}/api/admin/datasets/cambridge-ma/versions/2/changes`, ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ counts: { added: 0, removed: 0, outline: 0, owner: 1, sold: 0, value: 0 }, total: 1, offset: 0, changes: [{ pin: '12-7', kind: 'owner', address: '7 ELM ST', before: { Owner: 'SMITH ANN' }, after: { Owner: 'REID STEVEN M' } }] });
      }),
    );
    renderPage();
    const list = await screen.findByRole('button', { name: 'List the changes of version 2 of cambridge-ma' });
    expect(screen.queryByRole('button', { name: /changes of version 1/ })).toBeNull();
    await user.click(list);
    const log = await screen.findByRole('region', { name: 'What version 2 changed' });
    expect(await within(log).findByRole('cell', { name: /REID STEVEN M/ })).toBeInTheDocument();
    expect(asked).toEqual(['?offset=0&limit=100']);
    await user.click(screen.getByRole('button', { name: 'Hide the changes of version 2 of cambridge-ma' }));
    expect(screen.queryByRole('region', { name: 'What version 2 changed' })).toBeNull();
  }, 20_000);

  it('removes a data set only once the confirmation is accepted, from the keyboard too; Remove is not a solid button', async () => {
    const user = userEvent.setup();
    const api = fakeDataAdminApi({ versions: [datasetVersion(), datasetVersion({ name: 'cambridge-ma' })] });
    renderPage();
    const remove = await screen.findByRole('button', { name: 'Remove cambridge-ma' });
    expect(remove).toHaveClass('pm-button--danger-outline');
    expect(remove).not.toHaveClass('pm-button--danger');
    await user.click(remove);
    const confirm = screen.getByRole('alertdialog', { name: 'Remove cambridge-ma?' });
    expect(confirm).toHaveAccessibleDescription('Its parcels leave the map, and every kept version of cambridge-ma is deleted; this cannot be undone.');
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.count('DELETE', '/api/admin/datasets/cambridge-ma')).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Remove cambridge-ma' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Yes, Remove' })).toHaveFocus();
    // Focus stays inside the question.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'cambridge-ma' })).not.toBeInTheDocument());
    expect(api.count('DELETE', '/api/admin/datasets/cambridge-ma')).toBe(1);
    expect(screen.getByRole('article', { name: 'demo-county' })).toBeInTheDocument();
  });

  it('Zoom to makes the data set’s extent the opening view and opens the map there', async () => {
    const api = fakeDataAdminApi();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Zoom to demo-county' }));
    expect(await screen.findByText(/^map at \?view=-80\.87500,35\.62\d+,\d+\.\d\d$/)).toBeInTheDocument();
    expect(api.requests.find((r) => r.path === '/api/admin/initial-view')?.body).toEqual({ dataset: 'demo-county' });
  });
});

// The page asks after a job once a second, as it does in the product.
describe('DataPage: an import', { timeout: 20_000 }, () => {
  afterEach(() => vi.useRealTimers());

  it('states the upload limit, and proposes a data set name from the file name', async () => {
    fakeDataAdminApi({ maxUploadBytes: 500 * 1024 * 1024 });
    renderPage();
    expect(screen.getByText('Loading upload limits…')).toBeInTheDocument();
    expect(await screen.findByText('Upload limit: 500 MB for all files of one import together.')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Parcel file'), file('Iredell NC.geojson'));
    expect(screen.getByLabelText('Data set name')).toHaveValue('iredell-nc');
  });

  it('lets the formats GDAL reads be chosen, a zipped File Geodatabase named after its folder', async () => {
    fakeDataAdminApi();
    renderPage();
    const chooser = await screen.findByLabelText('Parcel file');
    expect(chooser).toHaveAccessibleDescription(/GeoPackage, KML\/KMZ, CSV/);
    // user-event drops a file the input's accept list does not take, as a browser's chooser would.
    for (const [name, dataset] of [['Mecklenburg.gpkg', 'mecklenburg'], ['wake.kmz', 'wake'], ['roads.topojson', 'roads'], ['lots.geojsonl', 'lots'], ['Cambridge.gdb.zip', 'cambridge']]) {
      await userEvent.upload(chooser, file(name!));
      expect(screen.getByLabelText('Data set name')).toHaveValue(dataset);
    }
  });

  it('shows a failed limits load and tries again', async () => {
    const api = fakeDataAdminApi();
    api.failNext('limits', 'network-error');
    renderPage();
    expect(await screen.findByText(/^Could not load the upload limits: Could not reach the server/)).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Try Again' })[0]!);
    expect(await screen.findByText(/^Upload limit:/)).toBeInTheDocument();
  });

  it('says what is missing before uploading anything', async () => {
    const user = userEvent.setup();
    const api = fakeDataAdminApi({ maxUploadBytes: 10 });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Upload and validate' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose the parcel file.');
    await user.upload(screen.getByLabelText('Parcel file'), file('x.geojson', 'x'.repeat(20)));
    await user.clear(screen.getByLabelText('Data set name'));
    await user.type(screen.getByLabelText('Data set name'), 'Bad Name');
    await user.click(screen.getByRole('button', { name: 'Upload and validate' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/^The data set name is lower-case letters/);
    await user.clear(screen.getByLabelText('Data set name'));
    await user.type(screen.getByLabelText('Data set name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Upload and validate' }));
    expect(screen.getByRole('alert')).toHaveTextContent('These files are 0.0 MB; the limit is 0.0 MB.');
    expect(api.count('POST', '/api/admin/imports')).toBe(0);
  });

  it('uploads every file, validates, shows the report before publishing, then publishes', async () => {
    const user = userEvent.setup();
    const api = fakeDataAdminApi();
    api.jobWillBe({ state: 'validating', progress: { phase: 'reading', done: 1, total: 3 } }, api.readyJob());
    renderPage();
    await chooseCambridge(user);
    await user.click(screen.getByRole('button', { name: 'Upload and validate' }));

    // The report: counts, each rejection, the sample, the mapping; nothing published yet.
    expect(await screen.findByRole('heading', { name: 'Validation report' }, { timeout: 5000 })).toHaveFocus();
    expect(api.requests.filter((r) => r.method === 'PUT').map((r) => r.path)).toEqual([
      '/api/admin/imports/job-1/files/ASSESSING_ParcelsFY2014.converted.geojson',
      '/api/admin/imports/job-1/files/TaxFY14.csv',
    ]);
    expect(api.requests.find((r) => r.path.endsWith('/validate'))?.body).toEqual({
      file: 'ASSESSING_ParcelsFY2014.converted.geojson',
      dataset: 'cambridge-ma',
      mapping: { kind: 'bundled', name: 'cambridge_fy2014' },
      maxRejectedShare: 0.05,
    });
    expect(screen.getByText('Parcels to publish', { selector: 'dt' }).nextElementSibling).toHaveTextContent('2');
    expect(screen.getByText('Outlines repaired', { selector: 'dt' }).nextElementSibling).toHaveTextContent('1');
    expect(screen.getByText('Joined table', { selector: 'dt' }).nextElementSibling).toHaveTextContent(/^TaxFY14\.csv: 2 matched, 0 unmatched$/);
    expect(screen.getByText('Rejected', { selector: 'dt' }).nextElementSibling).toHaveTextContent('1 (duplicate PIN: 1)');
    const rejections = screen.getByRole('region', { name: 'Rejections' });
    expect(within(rejections).getAllByRole('row')[1]).toHaveTextContent('3101-1duplicate PINPIN 101-1 is also feature 1');
    expect(screen.getByText('Not parcels', { selector: 'dt' }).nextElementSibling).toHaveTextContent(/^ROAD \(road\), ROAD as ROAD_2 \(road\)$/);
    expect(screen.getByText('Enclosing many parcels', { selector: 'dt' }).nextElementSibling).toHaveTextContent(/^ROAD encloses 988 parcels \(road\)$/);
    expect(screen.getByText('SaleDate: 1,047 placeholders for an unknown value (e.g. "1/1/1900", "3/13/1899"); stored as missing.')).toBeInTheDocument();
    const sampleMap = await screen.findByRole('img', { name: 'Map of 2 sample parcels' });
    await waitFor(() => expect(sampleMap).toHaveAttribute('data-sample-map', 'drawn'));
    // The mapping as a table of source field → product field, not its JSON.
    const mapping = screen.getByRole('group', { name: 'Field mapping' });
    expect(within(mapping).getAllByRole('row').map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      [],
      ['ML', '→', 'PIN'],
      ['always "CAMBRIDGE"', '→', 'City'],
      ['LandArea ÷ 43,560', '→', 'Tax Acres'],
      ['SaleDate (dates as M/D/YYYY)', '→', 'Last Sale Date'],
      ['TotalAppraisedParcelValue', '→', 'More details: Appraised total value'],
      ['StyleDesc', '→', 'More details: StyleDesc'],
    ]);
    expect(within(mapping).getByRole('columnheader', { name: 'Source field' })).toBeInTheDocument();
    expect(mapping).toHaveTextContent("Joined with TaxFY14.csv: its ML matches the file's ML.");
    expect(mapping).toHaveTextContent('Kept but not shown: UYEAR, Editor.');
    expect(mapping).not.toHaveTextContent('{');
    expect(api.count('POST', '/api/admin/imports/job-1/publish')).toBe(0);

    api.jobWillBe({ state: 'published', report: { ...api.readyJob().report!, dataset: { ...api.readyJob().report!.dataset, version: 1 } } });
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published cambridge-ma version 1: 2 parcels are on the map.', {}, { timeout: 5000 })).toBeInTheDocument();
    // The list below is read again.
    await waitFor(() => expect(api.count('GET', '/api/admin/datasets')).toBe(2));
    await user.click(screen.getByRole('button', { name: 'Import another file' }));
    expect(screen.getByRole('button', { name: 'Upload and validate' })).toBeInTheDocument();
  });

  it('keeps the publish banner true to the list below: after a rollback it names the version served, not the one published', async () => {
    const user = userEvent.setup();
    const api = fakeDataAdminApi({ versions: [datasetVersion({ name: 'cambridge-ma', version: 2 }), datasetVersion({ name: 'cambridge-ma', version: 1, current: false })] });
    api.jobWillBe(api.readyJob());
    renderPage();
    await chooseCambridge(user);
    await user.click(screen.getByRole('button', { name: 'Upload and validate' }));
    await screen.findByRole('heading', { name: 'Validation report' }, { timeout: 5000 });
    api.jobWillBe({ state: 'published', report: { ...api.readyJob().report!, dataset: { ...api.readyJob().report!.dataset, version: 2 } } });
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const banner = await screen.findByText('Published cambridge-ma version 2: 2 parcels are on the map.', {}, { timeout: 5000 });

    const cambridge = screen.getByRole('article', { name: 'cambridge-ma' });
    await user.click(within(cambridge).getByRole('button', { name: 'Roll back cambridge-ma' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Roll back' }));
    await waitFor(() => expect(banner).toHaveTextContent('Published cambridge-ma version 2; the map serves version 1 now (rolled back).'));

    await user.click(within(cambridge).getByRole('button', { name: 'Publish version 2 of cambridge-ma again' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Publish again' }));
    await waitFor(() => expect(banner).toHaveTextContent('Published cambridge-ma version 2: 2 parcels are on the map.'));

    await user.click(within(cambridge).getByRole('button', { name: 'Remove cambridge-ma' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Remove' }));
    await waitFor(() => expect(banner).toHaveTextContent('Published cambridge-ma version 2; cambridge-ma has been removed since.'));
  });

  it('shows each file’s upload progress while it goes up', async () => {
    const user = userEvent.setup();
    const api = fakeDataAdminApi();
    api.failNext('upload', 'hang');
    renderPage();
    await chooseCambridge(user);
    await user.click(screen.getByRole('button', { name: 'Upload and validate' }));
    expect(await screen.findByRole('progressbar', { name: 'Uploading ASSESSING_ParcelsFY2014.converted.geojson' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Uploading TaxFY14.csv' })).toHaveAttribute('value', '0');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Upload and validate' })).toBeInTheDocument();
  });

  it('shows a refused upload with the server’s message and discards the import', async () => {
    const user = userEvent.setup();
    const api = fakeDataAdminApi();
    api.failNext('upload', { status: 413, body: { message: 'The upload is larger than the 500 MB limit' } });
    renderPage();
    await chooseCambridge(user);
    await user.click(screen.getByRole('button', { name: 'Upload and validate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The upload is larger than the 500 MB limit');
    await waitFor(() => expect(api.count('DELETE', '/api/admin/imports/job-1')).toBe(1));
    // The form keeps what was chosen.
    expect(screen.getByLabelText('Data set name')).toHaveValue('cambridge-ma');
  });

  it('shows a refused import’s reason and offers only Discard', async () => {
    const user = userEvent.setup();
    const api = fakeDataAdminApi();
    api.jobWillBe(api.readyJob({ state: 'refused', report: { ...api.readyJob().report!, refusal: '40 % of the features were rejected; at most 5 % may be' } }));
    renderPage();
    await chooseCambridge(user);
    await user.click(screen.getByRole('button', { name: 'Upload and validate' }));
    expect(await screen.findByText('Not publishable: 40 % of the features were rejected; at most 5 % may be', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(await screen.findByRole('button', { name: 'Upload and validate' })).toBeInTheDocument();
    expect(api.count('DELETE', '/api/admin/imports/job-1')).toBe(1);
  });

  it('shows a failed validation with its error', async () => {
    const user = userEvent.setup();
    const api = fakeDataAdminApi();
    api.jobWillBe({ state: 'failed', error: 'The mapping joins TaxFY14.csv, which was not uploaded' });
    renderPage();
    await chooseCambridge(user);
    await user.click(screen.getByRole('button', { name: 'Upload and validate' }));
    expect(await screen.findByText('The import failed: The mapping joins TaxFY14.csv, which was not uploaded', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(await screen.findByRole('button', { name: 'Upload and validate' })).toBeInTheDocument();
  });

  it('reports no rejections as such', async () => {
    const user = userEvent.setup();
    const api = fakeDataAdminApi();
    const report = api.readyJob().report!;
    api.jobWillBe(api.readyJob({ report: { ...report, rejected: 0, rejections: [], rejectedByReason: { ...report.rejectedByReason, 'duplicate PIN': 0 } } }));
    renderPage();
    await chooseCambridge(user);
    await user.click(screen.getByRole('button', { name: 'Upload and validate' }));
    expect(await screen.findByText('No feature was rejected.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
  });
});

describe('DataPage: an overlay layer (issue #23 point 5)', () => {
  async function chooseFloodZones(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('radio', { name: /^An overlay layer/ }));
    await user.upload(screen.getByLabelText('Overlay file'), file('Flood_Zones.geojson'));
    await user.click(within(screen.getByRole('group', { name: 'Overlay mapping' })).getByRole('radio', { name: 'My own mapping file (.json)' }));
    await user.upload(screen.getByLabelText('Mapping file'), file('cambridge_flood_zones.json', '{}'));
  }

  it('asks for the overlay’s name, label and mapping instead of the parcels’ fields, the name proposed from the file', async () => {
    const user = userEvent.setup();
    fakeDataAdminApi();
    renderPage();
    await chooseFloodZones(user);
    expect(screen.getByLabelText('Overlay name')).toHaveValue('flood-zones');
    expect(screen.getByLabelText('Label (optional)')).toHaveValue('');
    expect(screen.queryByLabelText('Join table (.csv), when the mapping joins one')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Field mapping' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload and validate' })).not.toBeInTheDocument();
    // Parcels again: the parcels' form as it was, the chosen file kept.
    await user.click(screen.getByRole('radio', { name: 'Parcels' }));
    expect(screen.getByLabelText('Data set name')).toHaveValue('flood-zones');
    expect(screen.getByRole('button', { name: 'Upload and validate' })).toBeInTheDocument();
  });

  it('offers the bundled overlay mappings as the parcels’ are offered, and sends the one chosen by its name', async () => {
    const user = userEvent.setup();
    const api = fakeDataAdminApi();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: /^An overlay layer/ }));
    await user.upload(screen.getByLabelText('Overlay file'), file('Flood_Zones.geojson'));
    const choice = screen.getByRole('group', { name: 'Overlay mapping' });
    expect(within(choice).getByRole('radio', { name: /^None/ })).toBeChecked();
    expect(within(choice).getAllByRole('option').map((option) => option.textContent)).toEqual(['cambridge_flood_zones', 'cambridge_roads']);
    await user.selectOptions(within(choice).getByRole('combobox', { name: 'Bundled overlay mapping' }), 'cambridge_roads');
    expect(within(choice).getByRole('radio', { name: /^Bundled/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Check' }));

    expect(await screen.findByRole('heading', { name: 'Validation report' })).toBeInTheDocument();
    // Nothing but the overlay's file goes up: the API has the mapping.
    expect(api.requests.filter((r) => r.method === 'PUT').map((r) => r.path)).toEqual(['/api/admin/imports/job-1/files/Flood_Zones.geojson']);
    expect(api.requests.find((r) => r.path.endsWith('/overlay'))?.body).toEqual({
      file: 'Flood_Zones.geojson',
      bundledMapping: 'cambridge_roads',
      overlay: 'flood-zones',
      maxRejectedShare: 0.05,
      dryRun: true,
    });
  });

  it('checks the file first (a dry run) and shows its report, then publishes it and lists it', async () => {
    const user = userEvent.setup();
    const api = fakeDataAdminApi();
    renderPage();
    expect(await screen.findByText("No overlay is published yet. Import one above: choose 'An overlay layer'.")).toBeInTheDocument();
    await chooseFloodZones(user);
    await user.type(screen.getByLabelText('Label (optional)'), 'Flood zones');
    await user.click(screen.getByRole('button', { name: 'Check' }));

    expect(await screen.findByRole('heading', { name: 'Validation report' })).toHaveFocus();
    expect(api.requests.filter((r) => r.method === 'PUT').map((r) => r.path)).toEqual([
      '/api/admin/imports/job-1/files/Flood_Zones.geojson',
      '/api/admin/imports/job-1/files/cambridge_flood_zones.json',
    ]);
    expect(api.requests.find((r) => r.path.endsWith('/overlay'))?.body).toEqual({
      file: 'Flood_Zones.geojson',
      mapping: 'cambridge_flood_zones.json',
      overlay: 'flood-zones',
      label: 'Flood zones',
      maxRejectedShare: 0.05,
      dryRun: true,
    });
    const count = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(count('Overlay')).toHaveTextContent(/^Flood zones \(flood-zones\)$/);
    expect(count('Kind')).toHaveTextContent(/^polygon$/);
    expect(count('Features read')).toHaveTextContent('3');
    expect(count('Features to publish')).toHaveTextContent('2');
    expect(count('Polygons repaired')).toHaveTextContent('1');
    expect(count('Rejected')).toHaveTextContent('1');
    expect(within(screen.getByRole('region', { name: 'Rejections' })).getAllByRole('row')[1]).toHaveTextContent('2a line in a polygon overlay');
    expect(api.overlays()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published flood-zones version 1: 2 features are in the Overlays panel.')).toBeInTheDocument();
    // The job is gone after a check: publishing sends the files again, for real this time.
    expect(api.requests.filter((r) => r.path.endsWith('/overlay')).map((r) => (r.body as { dryRun: boolean }).dryRun)).toEqual([true, false]);
    expect(api.count('POST', '/api/admin/imports')).toBe(2);
    const listed = await screen.findByRole('article', { name: /flood-zones$/ });
    expect(within(listed).getAllByRole('row')[1]).toHaveTextContent(/^1currentpolygon21City of Cambridge, MA GIS · PDDL 1\.0/);
    await user.click(screen.getByRole('button', { name: 'Import another file' }));
    expect(await screen.findByRole('radio', { name: 'Parcels' })).toBeChecked();
  });

  it('says why the API refused the overlay and keeps the form as it was', async () => {
    const user = userEvent.setup();
    const api = fakeDataAdminApi();
    api.failNext('overlayImport', { status: 400, body: { message: 'Overlay mapping cambridge_flood_zones.json: style.colour must be a #rgb or #rrggbb colour' } });
    renderPage();
    await chooseFloodZones(user);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Overlay mapping cambridge_flood_zones.json: style.colour must be a #rgb or #rrggbb colour');
    expect(screen.getByLabelText('Overlay name')).toHaveValue('flood-zones');
    expect(screen.getByRole('button', { name: 'Check' })).toBeInTheDocument();
  });

  it('stays on the form when the check is cancelled while the API reads the file', async () => {
    const user = userEvent.setup();
    fakeDataAdminApi();
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    network.use(
      http.post(`${testConfig.apiBaseUrl}/api/admin/imports/:id/overlay`, async () => {
        await answered;
        return HttpResponse.json(overlayReportOf('flood-zones'));
      }),
    );
    renderPage();
    await chooseFloodZones(user);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Checking…')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    answer();
    // The late report, given time to arrive, does not replace the form.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Validation report' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check' })).toBeInTheDocument();
  });

  it('shows a refused check with its reason and offers only Discard', async () => {
    const user = userEvent.setup();
    const api = fakeDataAdminApi();
    api.failNext('overlayImport', { status: 200, body: { ...overlayReportOf('flood-zones'), refusal: '40 % of the features were rejected; at most 5 % may be' } });
    renderPage();
    await chooseFloodZones(user);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Not publishable: 40 % of the features were rejected; at most 5 % may be')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    // A fresh form, as after discarding parcels.
    expect(await screen.findByRole('button', { name: 'Upload and validate' })).toBeInTheDocument();
    expect(api.count('POST', '/api/admin/imports')).toBe(1);
  });

  it('shows a publish the API refused on the report, with its message', async () => {
    const user = userEvent.setup();
    const api = fakeDataAdminApi();
    renderPage();
    await chooseFloodZones(user);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await screen.findByRole('heading', { name: 'Validation report' });
    api.failNext('overlayImport', { status: 409, body: { message: "'flood-zones' is a data set's name" } });
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("'flood-zones' is a data set's name");
    expect(screen.getByText('Features to publish', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
  });

  it('lists each overlay’s versions with its label, kind and the current one marked, and rolls one back', async () => {
    const user = userEvent.setup();
    const api = fakeDataAdminApi({
      overlays: [
        overlayVersion({ version: 2 }),
        overlayVersion({ version: 1, current: false, features: 30 }),
        overlayVersion({ name: 'roads', label: 'Roads', geometryType: 'line', context: 'roads', features: 1200 }),
      ],
    });
    renderPage();
    const flood = await screen.findByRole('article', { name: 'Flood zones (FEMA 100-year) flood-zones' });
    const rows = within(flood).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(rows[1]).toHaveTextContent(/^2currentpolygon340/);
    expect(rows[1]).toHaveTextContent('Feb 1, 2025');
    expect(within(screen.getByRole('article', { name: 'Roads roads' })).getAllByRole('row')[1]).toHaveTextContent(/^1currentline, base-map roads1,200/);
    expect(screen.getByRole('button', { name: 'Roll back roads' })).toBeDisabled();

    await user.click(within(flood).getByRole('button', { name: 'Roll back flood-zones' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Roll back flood-zones to version 1?' })).getByRole('button', { name: 'Yes, Roll back' }));
    await waitFor(() => expect(within(flood).getAllByRole('row')).toHaveLength(2));
    expect(api.count('POST', '/api/admin/overlays/flood-zones/rollback')).toBe(1);
    expect(within(flood).getAllByRole('row')[1]).toHaveTextContent(/^1currentpolygon30/);
  });

  it('removes an overlay only once the confirmation is accepted, and shows a refusal', async () => {
    const user = userEvent.setup();
    const api = fakeDataAdminApi({ overlays: [overlayVersion(), overlayVersion({ name: 'water', label: 'Water' })] });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Remove water' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Remove water?' });
    expect(confirm).toHaveTextContent('Its features leave the map, and every kept version of water is deleted; this cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.count('DELETE', '/api/admin/overlays/water')).toBe(0);

    api.failNext('overlayRemove', { status: 503, body: { message: 'Database unavailable' } });
    await user.click(screen.getByRole('button', { name: 'Remove water' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Remove' }));
    expect(await within(screen.getByRole('article', { name: 'Water water' })).findByRole('alert')).toHaveTextContent('Database unavailable');

    await user.click(screen.getByRole('button', { name: 'Remove water' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Remove' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Water water' })).not.toBeInTheDocument());
    expect(api.count('DELETE', '/api/admin/overlays/water')).toBe(2);
    expect(screen.getByRole('article', { name: /flood-zones$/ })).toBeInTheDocument();
  });

  it('shows a failed load of the overlays and tries again', async () => {
    const api = fakeDataAdminApi({ overlays: [overlayVersion()] });
    api.failNext('overlays', { status: 500, body: { message: 'Database unavailable' } });
    renderPage();
    expect(await screen.findByText('Could not load the overlays: Database unavailable')).toBeInTheDocument();
    const retry = within(screen.getByRole('region', { name: 'Overlays' })).getByRole('button', { name: 'Try Again' });
    await userEvent.click(retry);
    expect(await screen.findByRole('article', { name: /flood-zones$/ })).toBeInTheDocument();
  });
});

describe('DataPage: imagery (issue #41 point 1)', () => {
  async function chooseImage(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('radio', { name: 'Imagery' }));
    await user.upload(screen.getByLabelText('Image file'), file('Ortho_2024.jpg', 'jpeg'));
  }

  it('asks for a JPEG’s world file before uploading, then sends it under the image’s name and shows what was published', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const api = fakeDataAdminApi();
    renderPage();
    await chooseImage(user);
    expect(screen.getByLabelText('Imagery name')).toHaveValue('ortho-2024');
    expect(screen.queryByLabelText('Max rejected (%)')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload and publish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A JPEG or PNG image is placed on the map by its world file (.jgw, .pgw or .wld): choose it too.');
    expect(api.count('POST', '/api/admin/imports')).toBe(0);

    await user.upload(screen.getByLabelText('World file (for a JPEG or PNG)'), file('world.JGW', '32.8\n0\n0\n-32.8\n681496.4\n1913033.6\n'));
    await user.type(screen.getByLabelText('Label (optional)'), 'Orthophoto 2024');
    await user.type(screen.getByLabelText('Coordinate system (optional)'), 'EPSG:26771');
    // The imagery services' form below asks the same.
    const year = () => within(screen.getByRole('region', { name: 'Import a file' })).getByLabelText('Year taken (optional)');
    await user.type(year(), '224');
    await user.click(screen.getByRole('button', { name: 'Upload and publish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The year the photos were taken is four digits, from 1900 to 2100.');
    await user.clear(year());
    await user.type(year(), '2024');
    await user.click(screen.getByRole('button', { name: 'Upload and publish' }));

    expect(await screen.findByText('Published ortho-2024 version 1: "Imagery — Orthophoto 2024" is in the map\'s base map menu.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Import a file' })).toHaveFocus();
    expect(api.requests.filter((r) => r.method === 'PUT').map((r) => r.path)).toEqual(['/api/admin/imports/job-1/files/Ortho_2024.jpg', '/api/admin/imports/job-1/files/Ortho_2024.jgw']);
    expect(api.requests.find((r) => r.path.endsWith('/imagery'))?.body).toEqual({ file: 'Ortho_2024.jpg', imagery: 'ortho-2024', label: 'Orthophoto 2024', crs: 'EPSG:26771', year: 2024 });
    const count = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(count('Size')).toHaveTextContent(/^699 × 929 px, 1 band$/);
    expect(count('Year taken')).toHaveTextContent(/^2024$/);
    expect(count('Extent (lon, lat)')).toHaveTextContent('-87.66744, 41.83298 to -87.58234, 41.91711');
    expect(count('Map zooms')).toHaveTextContent('10–14 (WEBP tiles)');
    await user.click(screen.getByRole('button', { name: 'Import another file' }));
    expect(await screen.findByRole('radio', { name: 'Parcels' })).toBeChecked();
  });

  it('takes a .zip of orthophoto tiles as one image, without a world file', async () => {
    const user = userEvent.setup();
    const api = fakeDataAdminApi();
    renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Imagery' }));
    expect(screen.getByLabelText('Image file').getAttribute('accept')?.split(',')).toContain('.zip');
    await user.upload(screen.getByLabelText('Image file'), file('Ortho_Tiles.zip', 'PK'));
    await user.click(screen.getByRole('button', { name: 'Upload and publish' }));
    expect(await screen.findByText(/^Published ortho-tiles version 1/)).toBeInTheDocument();
    expect(api.requests.find((r) => r.path.endsWith('/imagery'))?.body).toEqual({ file: 'Ortho_Tiles.zip', imagery: 'ortho-tiles' });
  });

  it('says why the API refused the image and keeps the form as it was', async () => {
    const user = userEvent.setup();
    const api = fakeDataAdminApi();
    api.failNext('imageryImport', { status: 400, body: { message: 'Ortho_2024.jpg does not say which coordinate system it is in: give it with --crs (an EPSG code such as EPSG:26771)' } });
    renderPage();
    await chooseImage(user);
    await user.upload(screen.getByLabelText('World file (for a JPEG or PNG)'), file('Ortho_2024.jgw', '1'));
    await user.click(screen.getByRole('button', { name: 'Upload and publish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ortho_2024.jpg does not say which coordinate system it is in');
    expect(screen.getByLabelText('Imagery name')).toHaveValue('ortho-2024');
    expect(screen.getByRole('radio', { name: 'Imagery' })).toBeChecked();
  });
});
