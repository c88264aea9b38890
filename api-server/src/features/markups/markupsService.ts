import { MARKUPS_BYTES_FULL_MESSAGE, MARKUPS_FULL_MESSAGE, type CreateMarkupBody, type Markup, type MarkupPage, type UpdateMarkupBody } from '@parcel-map/shared/contracts';
import { ForbiddenError, NotFoundError, PayloadTooLargeError } from '../../platform/http/httpErrors.ts';
import { BYTES_FULL, QUOTA_FULL } from '../../platform/userQuota.ts';
import type { MarkupsRepository } from './markupsRepository.ts';

const NOT_FOUND_MESSAGE = 'Markup not found';

export function createMarkupsService(deps: { markups: MarkupsRepository }) {
  return {
    page: (userId: string, before: number | undefined, limit: number): Promise<MarkupPage> => deps.markups.page(userId, before, limit),
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
