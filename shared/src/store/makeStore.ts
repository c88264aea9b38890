import { configureStore, createDynamicMiddleware, createListenerMiddleware } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from './rootReducer.ts';

/**
 * Middleware of code that loads after the store exists (RTK Query's, with `@parcel-map/shared/api`),
 * so the sign-in screens do not download it. One instance: RTK applies what is added to every store.
 */
export const injectedMiddleware = createDynamicMiddleware();

/** A fresh store: the host makes one; an embedded remote (mount) makes its own. */
export function makeStore(preloadedState?: Partial<RootState>) {
  // Listeners are added per store with dispatch(addListener(...)), so no module-level instance.
  const listener = createListenerMiddleware();
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(injectedMiddleware.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
