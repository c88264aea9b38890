import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from './rootReducer.ts';
import { baseApi } from '../api/baseApi.ts';

/** A fresh store: the host makes one; an embedded remote (mount) makes its own. */
export function makeStore(preloadedState?: Partial<RootState>) {
  // Listeners are added per store with dispatch(addListener(...)), so no module-level instance.
  const listener = createListenerMiddleware();
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
