import { ALREADY_SAVED_MESSAGE, SAVED_PARCELS_FULL_MESSAGE, type SaveParcelBody, type SavedParcelDetails, type SavedParcelRecord } from '@parcel-map/shared/contracts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../platform/http/httpErrors.ts';
import { QUOTA_FULL } from '../../platform/userQuota.ts';
import { shownAttributes } from '../parcels/parcelAttributes.ts';
import type { ParcelsRepository } from '../parcels/parcelsRepository.ts';
import type { SavedParcelsRepository } from './savedParcelsRepository.ts';
const NOT_FOUND_MESSAGE = 'Saved parcel not found';

export function createSavedParcelsService(deps: { savedParcels: SavedParcelsRepository; parcels: ParcelsRepository }) {
  return {
    /** The list as the JSON array the API answers with, passed through without re-encoding. */
    listAsJson(userId: string): Promise<string> {
      return deps.savedParcels.listByUserAsJson(userId);
    },

    markChangesSeen(userId: string): Promise<void> {
      return deps.savedParcels.markChangesSeen(userId);
    },

    async save(userId: string, input: SaveParcelBody): Promise<SavedParcelRecord> {
      if (!(await deps.parcels.exists(input.parcel_pin))) {
        throw new BadRequestError(`Unknown parcel PIN: ${input.parcel_pin}`);
      }
      const record = await deps.savedParcels.insert(userId, input);
      if (record === QUOTA_FULL) throw new ForbiddenError(SAVED_PARCELS_FULL_MESSAGE);
      if (!record) throw new ConflictError(ALREADY_SAVED_MESSAGE);
      return record;
    },

    async updateNotes(userId: string, id: number | null, notes: string | null): Promise<SavedParcelRecord> {
      const record = id === null ? undefined : await deps.savedParcels.updateNotes(userId, id, notes);
      if (!record) throw new NotFoundError(NOT_FOUND_MESSAGE);
      return record;
    },

    async updateTags(userId: string, id: number | null, tags: string[]): Promise<SavedParcelRecord> {
      const record = id === null ? undefined : await deps.savedParcels.updateTags(userId, id, tags);
      if (!record) throw new NotFoundError(NOT_FOUND_MESSAGE);
      return record;
    },

    async details(userId: string): Promise<SavedParcelDetails[]> {
      const rows = await deps.savedParcels.listDetails(userId);
      return rows.map(({ attribute_fields, attributes, ...parcel }) => ({ ...parcel, attributes: shownAttributes({ attributes, attribute_fields }) }));
    },

    async remove(userId: string, id: number | null): Promise<void> {
      const deleted = id === null ? false : await deps.savedParcels.delete(userId, id);
      if (!deleted) throw new NotFoundError(NOT_FOUND_MESSAGE);
    },
  };
}

export type SavedParcelsService = ReturnType<typeof createSavedParcelsService>;
