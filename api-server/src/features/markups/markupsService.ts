import type { CreateMarkupBody, Markup, UpdateMarkupBody } from '@parcel-map/shared/contracts';
import { NotFoundError } from '../../platform/http/httpErrors.ts';
import type { MarkupsRepository } from './markupsRepository.ts';

const NOT_FOUND_MESSAGE = 'Markup not found';

export function createMarkupsService(deps: { markups: MarkupsRepository }) {
  return {
    list: (userId: string): Promise<Markup[]> => deps.markups.list(userId),
    create: (userId: string, input: CreateMarkupBody): Promise<Markup> => deps.markups.insert(userId, input),

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
