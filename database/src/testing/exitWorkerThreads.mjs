// Ends this process's worker threads as a crash inside them would (`process.exit(code)` run in each
// thread, through the inspector, the way a debugger reaches them): a test kills the PGlite thread
// without a hook in the product for it. tsx's loader thread is left alone. Plain JavaScript: the
// hardening checks preload it into the compiled API, which node runs without tsx.
import { Session } from 'node:inspector';

const LOADER_URL_PREFIX = 'node:internal/';

/** Resolves once every worker thread has exited. */
export async function exitWorkerThreads(code) {
  const session = new Session();
  session.connect();
  const exiting = new Map();
  const exited = [];
  const send = (sessionId, id, method, params) =>
    session.post('NodeWorker.sendMessageToWorker', { sessionId, message: JSON.stringify({ id, method, params }) });
  session.on('NodeWorker.attachedToWorker', ({ params }) => {
    if (params.workerInfo?.url.startsWith(LOADER_URL_PREFIX)) return;
    exited.push(new Promise((resolve) => exiting.set(params.sessionId, resolve)));
    // Runtime.enable first: without an execution context Runtime.evaluate has nowhere to run.
    send(params.sessionId, 1, 'Runtime.enable');
    send(params.sessionId, 2, 'Runtime.evaluate', { expression: `process.exit(${code})` });
  });
  session.on('NodeWorker.detachedFromWorker', ({ params }) => exiting.get(params.sessionId)?.());
  try {
    // Enabling reports every running worker before its reply.
    await new Promise((resolve, reject) => session.post('NodeWorker.enable', { waitForDebuggerOnStart: false }, (error) => (error ? reject(error) : resolve())));
    await Promise.all(exited);
  } finally {
    session.disconnect();
  }
}
