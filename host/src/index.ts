// Async boundary: shared modules must be negotiated before anything imports React (MF_NOTES §7.1).
// config.json is asked for first, so it arrives while the shared modules load rather than after them;
// it is deployed beside the host and never cached, so a redeploy takes effect on reload.
const configResponse = fetch('/config.json', { cache: 'no-store' });
// Handled in start(); without this a failed request would also be reported as unhandled meanwhile.
configResponse.catch(() => undefined);
void import('./bootstrap.tsx').then(({ start }) => start(configResponse));
