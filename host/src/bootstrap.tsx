import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { makeStore, runtimeConfigLoaded, RenderFailure } from '@parcel-map/shared';
import { readRuntimeConfig } from './runtimeConfig.ts';
import { registerAndPreloadRemotes } from './remotes/loadRemoteModule.ts';
import { App } from './App.tsx';
import './styles.css';

export async function start(configResponse: Promise<Response>): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  try {
    const config = await readRuntimeConfig(configResponse);
    registerAndPreloadRemotes(config, location.pathname);
    const store = makeStore();
    store.dispatch(runtimeConfigLoaded(config));
    root.render(
      <StrictMode>
        <Provider store={store}>
          <App config={config} />
        </Provider>
      </StrictMode>,
    );
  } catch (error) {
    console.error('Parcel Map failed to start', error);
    root.render(<RenderFailure onRetry={() => location.reload()} />);
  }
}
