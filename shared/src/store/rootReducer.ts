// One reducer for the whole app. Remotes add their own slices with `slice.injectInto(rootReducer)`
// and declare them by augmenting LazyLoadedSlices; the server API (`@parcel-map/shared/api`) injects
// itself the same way when the first screen that fetches data loads.
import { combineSlices } from '@reduxjs/toolkit';
import { sessionSlice } from '../session/sessionSlice.ts';
import { runtimeConfigSlice } from '../config/configSlice.ts';
import { remoteAvailabilitySlice } from '../remotes/remoteAvailabilitySlice.ts';
import { measureUnitsSlice } from '../settings/measureUnitsSlice.ts';

// Remotes augment this interface with their slices.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(sessionSlice, runtimeConfigSlice, remoteAvailabilitySlice, measureUnitsSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;
