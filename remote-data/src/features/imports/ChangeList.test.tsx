import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ChangesPage, ParcelChange } from '@parcel-map/shared/api';
import { network, renderWithStore, setupFakeNetwork, testConfig } from '@parcel-map/shared/testing';
import { ChangeList } from './ChangeList.tsx';

setupFakeNetwork();

const PATH = '/api/admin/imports/job-1/changes';
const counts = { added: 2, removed: 1, outline: 0, owner: 1, sold: 1, value: 0 };
const changes: ParcelChange[] = [
  { pin: '10-1A', kind: 'added', address: '1 MAIN ST', before: null, after: { Address: '1 MAIN ST', Owner: null, Acres: 0.05 } },
  { pin: '10-1B', kind: 'added', address: '3 MAIN ST', before: null, after: { Address: '3 MAIN ST', Owner: null, Acres: 0.06 } },
  { pin: '10-1', kind: 'removed', address: '1 MAIN ST', before: { Address: '1 MAIN ST', Owner: null, Acres: 0.11 }, after: null },
  { pin: '12-7', kind: 'owner', address: '7 ELM ST', before: { Owner: null }, after: { Owner: 'REID STEVEN M' } },
  { pin: '14-2', kind: 'sold', address: '2 OAK ST', before: { 'Sale date': '03/01/2009', 'Sale price': null }, after: { 'Sale date': '10/14/2014', 'Sale price': 612000 } },
];

/** The change list as the API answers it, by kind; every request's query kept. */
function fakeChangesApi() {
  const queries: string[] = [];
  const csvQueries: string[] = [];
  network.use(
    http.get(`${testConfig.apiBaseUrl}${PATH}`, ({ request }) => {
      const url = new URL(request.url);
      if (request.headers.get('accept') === 'text/csv') {
        csvQueries.push(url.search);
        return new HttpResponse('\uFEFFPIN,Change,Address,Before,After\r\n10-1A,Added,1 MAIN ST,,x\r\n# 1 row\r\n', { headers: { 'Content-Type': 'text/csv' } });
      }
      queries.push(url.search);
      const kind = url.searchParams.get('kind');
      const listed = kind ? changes.filter((change) => change.kind === kind) : changes;
      const answer: ChangesPage = { counts, total: listed.length, offset: 0, changes: listed };
      return HttpResponse.json(answer);
    }),
  );
  return { queries, csvQueries };
}

describe('ChangeList', () => {
  it('shows the counts by kind, every change before → after, one kind when asked, and downloads the list as CSV', async () => {
    const { queries, csvQueries } = fakeChangesApi();
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:changes');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    renderWithStore(<ChangeList path={PATH} counts={counts} name="cambridge-ma-changes" />);

    const table = await screen.findByRole('region', { name: 'Changes' });
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(within(table).getByRole('row', { name: /14-2/ })).toHaveTextContent('14-2Sold2 OAK STSale date: 03/01/2009; Sale price: N/ASale date: 10/14/2014; Sale price: 612,000');
    expect(within(table).getByRole('row', { name: /12-7/ })).toHaveTextContent('Owner: N/AOwner: REID STEVEN M');
    expect(screen.getByText('1–5 of 5')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Added (2)' }));
    expect(screen.getByRole('button', { name: 'Added (2)' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('1–2 of 2')).toBeVisible();
    expect(within(screen.getByRole('region', { name: 'Changes' })).getAllByRole('row')).toHaveLength(3);
    expect(queries).toEqual(['?offset=0&limit=100', '?kind=added&offset=0&limit=100']);

    await userEvent.click(screen.getByRole('button', { name: 'Outline changed (0)' }));
    expect(screen.getByText('No change of this kind.')).toBeVisible();

    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Sold (1)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await vi.waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledOnce());
    expect(csvQueries).toEqual(['?kind=sold']);
  });
});
