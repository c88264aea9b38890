// OAuth flows between the start page and the consent form, each bound to the browser that started
// it: the start answer sets a secret in an HttpOnly cookie, and the consent is taken only with that
// cookie. A foreign page that posts the consent form (login CSRF: the victim signed in as the
// attacker) has neither the flow's parameters to change nor its browser's secret.
import { timingSafeEqual } from 'node:crypto';
import { newOpaqueToken } from '../secrets/opaqueToken.ts';
import { addMinutes } from '../time/stytchTime.ts';

/** What start was asked for, kept on the server: the form carries only the flow's id. */
export interface OAuthFlowParams {
  codeChallenge: string | undefined;
  loginRedirectUrl: string;
  signupRedirectUrl: string;
}

interface PendingFlow {
  params: OAuthFlowParams;
  browserSecret: string;
  expiresAt: Date;
}

// As long as an OAuth token lives at Stytch: a person reads the page and presses Continue.
export const OAUTH_FLOW_LIFETIME_MINUTES = 10;
/** The cookie path: only the start and consent routes ever see the secret. */
export const OAUTH_FLOW_COOKIE_PATH = '/v1/public/oauth/';

/** The cookie holding flow `flowId`'s secret; one per flow, so two tabs signing in do not clash. */
export function flowCookieName(flowId: string): string {
  return `oauth_flow_${flowId}`;
}

export class OAuthFlowStore {
  private readonly pending = new Map<string, PendingFlow>();

  start(params: OAuthFlowParams, now: Date): { flowId: string; browserSecret: string } {
    this.dropExpired(now);
    const flowId = newOpaqueToken();
    const browserSecret = newOpaqueToken();
    this.pending.set(flowId, { params, browserSecret, expiresAt: addMinutes(now, OAUTH_FLOW_LIFETIME_MINUTES) });
    return { flowId, browserSecret };
  }

  /** The flow's parameters, once, when `browserSecret` is the one its start handed out; else undefined. */
  take(flowId: string, browserSecret: string | undefined, now: Date): OAuthFlowParams | undefined {
    const flow = this.pending.get(flowId);
    if (!flow || flow.expiresAt.getTime() <= now.getTime() || browserSecret === undefined || !sameSecret(browserSecret, flow.browserSecret)) return undefined;
    this.pending.delete(flowId);
    return flow.params;
  }

  private dropExpired(now: Date): void {
    for (const [flowId, flow] of this.pending) {
      if (flow.expiresAt.getTime() <= now.getTime()) this.pending.delete(flowId);
    }
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
