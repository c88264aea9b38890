import { MARKUPS_BYTES_FULL_MESSAGE, MARKUPS_FULL_MESSAGE, type CreateMarkupBody, type Markup, type MarkupPage, type UpdateMarkupBody } from '@parcel-map/shared/contracts';
import { ForbiddenError, NotFoundError, PayloadTooLargeError } from '../../platform/http/httpErrors.ts';
import { jsonWithStored } from '../../platform/http/storedJson.ts';
import { createTurnsPerKey } from '../../platform/runtime/turnsPerKey.ts';
import { BYTES_FULL, QUOTA_FULL } from '../../platform/userQuota.ts';
import type { MarkupsRepository } from './markupsRepository.ts';

const NOT_FOUND_MESSAGE = 'Markup not found';

export function createMarkupsService(deps: { markups: MarkupsRepository }) {
  const pageTurns = createTurnsPerKey();
  return {
    /**
     * A page of the user's markups as MarkupPage JSON, each drawing spliced in as stored (never parsed
     * here). One user's pages are read one at a time: on PGlite's single connection, four listings in
     * flight put four pages' queries ahead of every other user's.
     */
    pageJson: (userId: string, before: number | undefined, limit: number): Promise<string> =>
      pageTurns.run(userId, async () => {
        const { markups, next_before } = await deps.markups.page(userId, before, limit);
        const listed = markups.map(({ geometry_json, ...markup }) => jsonWithStored(markup, 'geometry', geometry_json));
        return jsonWithStored({ next_before } satisfies Omit<MarkupPage, 'markups'>, 'markups', `[${listed.join(',')}]`);
      }),

    async create(userId: string, input: CreateMarkupBody): Promise<Markup> {
      const markup = await deps.markups.insert(userId, input);
      if (markup === QUOTA_FULL) throw new ForbiddenError(MARKUPS_FULL_MESSAGE);
      if (markup === BYTES_FULL) throw new PayloadTooLargeError(MARKUPS_BYTES_FULL_MESSAGE);
      return markup;
    },

    async update(userId: string, id: number | null, changes: UpdateMarkupBody): Promise<Markup> {
      const markup = id === null ? undefined : await deps.markups.update(userId, id, changes);
      if (!markup) throw new NotFoundError(NOT_FOUND_MESSAGE);
      return markup;
    },

    async remove(userId: string, id: number | null): Promise<void> {
      const deleted = id === null ? false : await deps.markups.delete(userId, id);
      if (!deleted) throw new NotFoundError(NOT_FOUND_MESSAGE);
    },
  };
}

export type MarkupsService = ReturnType<typeof createMarkupsService>;
