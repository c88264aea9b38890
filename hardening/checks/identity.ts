// local-identity as strict as Stytch (issue #26 point 4): the service as `npm start` runs it
// (scripts/productServers.mjs, this run's ports) and each loosening the outside attack found,
// replayed — a flow started without PKCE redeemed without a verifier, a sign-in link or OAuth
// redirect sent to the attacker's host, a foreign page posting the consent form, a foreign page
// granted CORS, a foreign Host name answered. The app's own sign-in flows run against this same
// strict peer in the e2e suite (authSignIn, authSession) and in the access check.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rawRequest } from '../../api-server/src/testing/testApp.ts';
import { parseIdentityConfig } from '../../local-identity/src/config.ts';
import {
  callSdk,
  latestMagicLinkToken,
  newPkcePair,
  startOAuthFlow,
  submitOAuthConsent,
  type IdentityEndpoint,
} from '../../local-identity/src/testing/identityTestClient.ts';
import { originOf, portsForOffset } from '../../scripts/ports.mjs';
import { productServers } from '../../scripts/productServers.mjs';
import { SERVER_START_TIMEOUT_MS, startServerProcess, waitUntilAnswering } from '../support/childProcesses.ts';
import type { HardeningCheck, HardeningOutcome } from '../types.ts';

const ATTACKER = 'https://evil.example';

interface Peer {
  identity: IdentityEndpoint;
  /** The host's /authenticate: the redirect URL the app itself sends. */
  appCallback: string;
  hostOrigins: string[];
}

function outcome(tried: string, failures: string[], summary: string): HardeningOutcome {
  return { tried, held: failures.length === 0, detail: failures.length === 0 ? summary : failures.slice(0, 6).join('; ') };
}

const outboxCount = async (peer: Peer, email: string) =>
  ((await (await fetch(`${peer.identity.baseUrl}/dev/outbox?format=json&to=${encodeURIComponent(email)}`)).json()) as { messages: unknown[] }).messages.length;

const sendLink = (peer: Peer, email: string, body: Record<string, unknown>) =>
  callSdk(peer.identity, '/magic_links/email/login_or_create', { body: { email, login_magic_link_url: peer.appCallback, signup_magic_link_url: peer.appCallback, ...body } });

const oauthStart = (peer: Peer, params: Record<string, string>) =>
  `${peer.identity.baseUrl}/v1/public/oauth/${peer.identity.config.oauthProvider}/start?${new URLSearchParams({
    public_token: peer.identity.config.publicToken,
    login_redirect_url: peer.appCallback,
    signup_redirect_url: peer.appCallback,
    ...params,
  })}`;

const consentUrl = (peer: Peer) => `${peer.identity.baseUrl}/v1/public/oauth/${peer.identity.config.oauthProvider}/consent`;

async function pkce(peer: Peer): Promise<HardeningOutcome> {
  const failures: string[] = [];
  const noChallenge = await sendLink(peer, 'pkce-none@example.com', {});
  const noChallengeBody = await noChallenge.text();
  if (noChallenge.status !== 400 || !noChallengeBody.includes('pkce_required')) failures.push(`magic link without code_challenge → ${noChallenge.status} ${noChallengeBody.slice(0, 80)}`);
  if ((await outboxCount(peer, 'pkce-none@example.com')) !== 0) failures.push('a link was sent without a code_challenge');
  // A link sent with a challenge, redeemed by whoever holds it but not the verifier.
  await sendLink(peer, 'pkce-link@example.com', { code_challenge: newPkcePair().codeChallenge });
  const token = await latestMagicLinkToken(peer.identity, 'pkce-link@example.com');
  for (const codeVerifier of [undefined, '', newPkcePair().codeVerifier]) {
    const redeemed = await callSdk(peer.identity, '/magic_links/authenticate', { body: { token, code_verifier: codeVerifier, session_duration_minutes: 60 } });
    if (redeemed.status === 200) failures.push(`magic link redeemed with verifier ${JSON.stringify(codeVerifier)}`);
  }
  const oauth = await startOAuthFlow(oauthStart(peer, {}));
  if (oauth.status !== 400 || oauth.flowId !== undefined) failures.push(`OAuth start without code_challenge → ${oauth.status}`);
  return outcome(
    'local-identity: PKCE enforced as the bootstrap says (a flow started without code_challenge; a link redeemed without its verifier)',
    failures,
    'magic link send and OAuth start without code_challenge → 400 pkce_required, nothing sent; a PKCE link with no, an empty or another verifier → refused',
  );
}

async function redirects(peer: Peer): Promise<HardeningOutcome> {
  const failures: string[] = [];
  const foreign = [`${ATTACKER}/authenticate`, `http://127.0.0.1.evil.example:${new URL(peer.appCallback).port}/authenticate`, `${new URL(peer.appCallback).origin}/elsewhere`, 'http://127.0.0.1:9/authenticate'];
  for (const url of foreign) {
    for (const field of ['login_magic_link_url', 'signup_magic_link_url']) {
      const response = await sendLink(peer, 'redirect-target@example.com', { [field]: url, code_challenge: newPkcePair().codeChallenge });
      if (response.status !== 400) failures.push(`magic link ${field}=${url} → ${response.status}`);
    }
    for (const field of ['login_redirect_url', 'signup_redirect_url']) {
      const flow = await startOAuthFlow(oauthStart(peer, { [field]: url, code_challenge: newPkcePair().codeChallenge }));
      if (flow.status !== 400 || flow.flowId !== undefined) failures.push(`OAuth ${field}=${url} → ${flow.status}`);
    }
  }
  if ((await outboxCount(peer, 'redirect-target@example.com')) !== 0) failures.push('a link to a foreign redirect URL reached the outbox');
  const own = await sendLink(peer, 'redirect-own@example.com', { code_challenge: newPkcePair().codeChallenge });
  if (own.status !== 200) failures.push(`the app's own ${peer.appCallback} → ${own.status}`);
  return outcome(
    "local-identity: sign-in links and OAuth redirects only to the allow-list (default: the front end's /authenticate)",
    failures,
    `${foreign.length} foreign URLs (another site, a look-alike host, another path, another port) × 4 fields → 400, no link sent; ${peer.appCallback} accepted`,
  );
}

async function consentCsrf(peer: Peer): Promise<HardeningOutcome> {
  const failures: string[] = [];
  // The attacker starts a flow of their own, then has the victim's browser post its form: the
  // victim's browser holds no cookie for it (none, or the victim's own flow's).
  const attackers = await startOAuthFlow(oauthStart(peer, { code_challenge: newPkcePair().codeChallenge }));
  const victims = await startOAuthFlow(oauthStart(peer, { code_challenge: newPkcePair().codeChallenge }));
  const attempts: [string, string | null][] = [
    ['no cookie (a foreign page posting the form)', null],
    ["the victim's cookie of another flow", victims.cookie ?? null],
    ['a forged cookie', `${attackers.cookie?.split('=')[0]}=forged`],
  ];
  for (const [label, cookie] of attempts) {
    const response = await submitOAuthConsent(consentUrl(peer), attackers, 'attacker@example.com', cookie);
    if (response.status !== 400 || response.headers.get('location') !== null) failures.push(`${label} → ${response.status} ${response.headers.get('location') ?? ''}`);
  }
  // The consent form of the old kind: the flow's parameters posted back, with no challenge.
  const oldForm = await fetch(consentUrl(peer), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ATTACKER },
    body: new URLSearchParams({ public_token: peer.identity.config.publicToken, login_redirect_url: peer.appCallback, email: 'attacker@example.com' }),
    redirect: 'manual',
  });
  if (oldForm.status !== 400) failures.push(`the old form's fields → ${oldForm.status}`);
  const own = await submitOAuthConsent(consentUrl(peer), victims, 'victim@example.com');
  if (own.status !== 302 || !own.headers.get('location')?.startsWith(`${peer.appCallback}?`)) failures.push(`the browser that started the flow → ${own.status}`);
  return outcome(
    'local-identity: the OAuth consent form bound to the browser that started the flow (login CSRF replayed)',
    failures,
    `${attempts.length + 1} forged consents (no cookie, another flow's cookie, a forged cookie, the old form) → 400, no token; the starting browser → 302 to ${peer.appCallback}`,
  );
}

async function cors(peer: Peer): Promise<HardeningOutcome> {
  const failures: string[] = [];
  const foreign = [ATTACKER, 'null', `${peer.hostOrigins[0]}.evil.example`, originOf(portsForOffset(0).host + 99)];
  const preflight = (origin: string) =>
    fetch(`${peer.identity.baseUrl}/sdk/v1/sessions/authenticate`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type,x-sdk-client,x-sdk-parent-host' },
    });
  for (const origin of foreign) {
    const response = await preflight(origin);
    if (response.headers.get('access-control-allow-origin') !== null) failures.push(`${origin} granted`);
  }
  for (const origin of peer.hostOrigins) {
    const response = await preflight(origin);
    if (response.headers.get('access-control-allow-origin') !== origin || response.headers.get('access-control-allow-credentials') !== 'true') failures.push(`${origin} (the host) not granted`);
  }
  return outcome(
    "local-identity: SDK CORS only for the front end's origins",
    failures,
    `${foreign.length} foreign origins got no Access-Control-Allow-Origin; ${peer.hostOrigins.join(', ')} granted with credentials`,
  );
}

async function hostHeader(peer: Peer): Promise<HardeningOutcome> {
  const failures: string[] = [];
  const { port } = new URL(peer.identity.baseUrl);
  const paths = ['/dev/outbox?format=json', `/sdk/v1/projects/bootstrap/${peer.identity.config.publicToken}`, `/v1/sessions/jwks/${peer.identity.config.projectId}`];
  for (const host of [`evil.example:${port}`, 'evil.example', `127.0.0.1.evil.example:${port}`]) {
    for (const requestPath of paths) {
      const response = await rawRequest(peer.identity.baseUrl + requestPath, { headers: { Host: host } });
      if (response.status !== 400 || response.body.toString('utf8').includes('outbox')) failures.push(`Host ${host} ${requestPath} → ${response.status}`);
    }
  }
  for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
    if ((await rawRequest(`${peer.identity.baseUrl}/dev/outbox?format=json`, { headers: { Host: host } })).status !== 200) failures.push(`Host ${host} refused`);
  }
  return outcome('local-identity: the Host header checked (DNS rebinding)', failures, `3 foreign Host names × ${paths.length} routes (outbox, bootstrap, JWKS) → 400 host_not_allowed; 127.0.0.1 and localhost answered`);
}

const identity: HardeningCheck = {
  name: 'identity',
  async run(context) {
    const ports = portsForOffset(context.portOffset);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parcel-map-hardening-identity-'));
    const server = productServers({ dataDir, ports }).find((candidate) => candidate.name === 'local-identity')!;
    const env = { ...server.env, PARCEL_MAP_PORT_OFFSET: String(context.portOffset), ALLOWED_REDIRECT_URLS: undefined, ENABLE_DEV_FAULTS: undefined };
    const process_ = startServerProcess(server.command, server.args, env);
    try {
      await waitUntilAnswering(server.readyUrl, process_, SERVER_START_TIMEOUT_MS, `listening on ${originOf(ports.identity)}`);
      const config = parseIdentityConfig({ ...env, PORT: String(ports.identity) });
      const hostOrigins = config.allowedOrigins.slice();
      const peer: Peer = { identity: { baseUrl: originOf(ports.identity), config }, appCallback: `${originOf(ports.host)}/authenticate`, hostOrigins };
      return [await pkce(peer), await redirects(peer), await consentCsrf(peer), await cors(peer), await hostHeader(peer)];
    } finally {
      await process_.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default identity;
