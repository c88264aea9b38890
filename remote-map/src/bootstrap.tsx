// The remote's standalone page (its own index.html): the map through mount(), with the runtime config
// every front end serves as /config.json (scripts/serveApp.mjs), so it carries no defaults of its own,
// and the session this origin's storage holds. The API must list this origin in CORS_ORIGINS (npm
// start does).
// Only a development build (`rspack serve`, or `rspack build --mode development`) reads ?config=<url>
// and ?jwt=<session jwt>: in any other, one link could make the page fetch its config from another
// server and send the session token it holds there (issue #26). The bundler drops the branch.
import { parseRuntimeConfig } from '@parcel-map/shared';
import { mount } from './exposes/mount.tsx';

const params = process.env.NODE_ENV === 'development' ? new URLSearchParams(window.location.search) : new URLSearchParams();
const root = document.getElementById('root')!;
document.body.style.margin = '0';
root.style.height = '100vh';

async function loadConfig() {
  const response = await fetch(params.get('config') ?? 'config.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  return parseRuntimeConfig(await response.json());
}

loadConfig().then(
  (config) => mount(root, { config, sessionJwt: params.get('jwt') ?? localStorage.getItem('session_jwt') }),
  (error: unknown) => {
    console.error('Runtime config could not be loaded:', error);
    root.textContent = 'The map could not start: its runtime configuration (config.json) could not be loaded.';
  },
);
