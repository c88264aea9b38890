// Builds the Stytch-compatible identity app; server.ts listens. Routes follow STYTCH_NOTES §3.
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import type { IdentityConfig } from './config.ts';
import { DevFaults, devFaultsRouter } from './dev/devFaults.ts';
import { errorHandler, unknownRouteHandler } from './http/errorHandler.ts';
import { requireLoopbackHost } from './http/hostCheck.ts';
import { sdkCors } from './http/sdkCors.ts';
import { jwksRouter } from './keys/jwksRouter.ts';
import type { SigningKey } from './keys/signingKeys.ts';
import { magicLinkInvalidError, magicLinksRouter } from './magicLinks/magicLinksRouter.ts';
import { oauthAuthenticateRouter, oauthTokenInvalidError } from './oauth/oauthAuthenticateRouter.ts';
import { OAuthFlowStore } from './oauth/oauthFlowStore.ts';
import { oauthStartRouter } from './oauth/oauthStartRouter.ts';
import { OneTimeTokenStore } from './oneTimeTokens/oneTimeTokenStore.ts';
import { Outbox } from './outbox/outbox.ts';
import { outboxRouter } from './outbox/outboxRouter.ts';
import { PKCE_REQUIRED, projectRouter } from './project/projectRouter.ts';
import { SlidingWindowLimiter } from './rateLimit/slidingWindowLimiter.ts';
import { SessionIssuer } from './sessions/sessionIssuer.ts';
import { SessionStore } from './sessions/sessionStore.ts';
import { sessionsRouter } from './sessions/sessionsRouter.ts';
import { openIdentityStateFile } from './state/identityStateFile.ts';
import type { Clock } from './time/stytchTime.ts';
import { usersRouter } from './users/usersRouter.ts';
import { UserStore } from './users/userStore.ts';

const ONE_MINUTE_MS = 60_000;

export interface IdentityAppOptions {
  config: IdentityConfig;
  signingKey: SigningKey;
  logger: Logger;
  /** Injected so tests can expire tokens and sessions without waiting. */
  now?: Clock;
  /** Where outbox lines go; the console by default. */
  printLine?: (line: string) => void;
}

export function createIdentityApp({ config, signingKey, logger, now = () => new Date(), printLine = console.log }: IdentityAppOptions): Express {
  const stateFile = openIdentityStateFile(config.dataDir);
  const users = new UserStore(stateFile);
  const sessions = new SessionStore(stateFile);
  const sessionIssuer = new SessionIssuer({ sessions, signingKey, projectId: config.projectId });
  const outbox = new Outbox(printLine);
  const faults = new DevFaults();
  const { publicToken, projectId, oauthProvider } = config;

  const app = express();
  app.disable('x-powered-by');
  app.use(requireLoopbackHost);
  app.use((req, res, next) => {
    res.on('finish', () => logger.debug({ method: req.method, path: req.path, status: res.statusCode }, 'request'));
    next();
  });
  app.use('/sdk', sdkCors(config.allowedOrigins));
  app.use(express.json());

  app.use(projectRouter({ publicToken }));
  app.use(
    magicLinksRouter({
      publicToken,
      allowedRedirectUrls: config.allowedRedirectUrls,
      users,
      tokens: new OneTimeTokenStore(magicLinkInvalidError, PKCE_REQUIRED.emailMagicLinks),
      outbox,
      limitPerEmail: new SlidingWindowLimiter(config.sendLimitPerEmailPerMinute, ONE_MINUTE_MS, now),
      limitPerIp: new SlidingWindowLimiter(config.sendLimitPerIpPerMinute, ONE_MINUTE_MS, now),
      sessionIssuer,
      now,
    }),
  );
  const oauthTokens = new OneTimeTokenStore(oauthTokenInvalidError, PKCE_REQUIRED.oauth);
  app.use(
    oauthStartRouter({
      publicToken,
      oauthProvider,
      allowedRedirectUrls: config.allowedRedirectUrls,
      users,
      tokens: oauthTokens,
      flows: new OAuthFlowStore(),
      limitConsentsPerIp: new SlidingWindowLimiter(config.consentLimitPerIpPerMinute, ONE_MINUTE_MS, now),
      now,
    }),
  );
  app.use(oauthAuthenticateRouter({ publicToken, oauthProvider, users, tokens: oauthTokens, sessionIssuer, now }));
  app.use(sessionsRouter({ publicToken, sessions, users, sessionIssuer, faults, now }));
  app.use(usersRouter({ publicToken, sessions, users, now }));
  app.use(jwksRouter({ projectId, signingKey }));
  app.use(outboxRouter(outbox));
  if (config.devFaultsEnabled) app.use(devFaultsRouter(faults));

  app.use(unknownRouteHandler);
  app.use(errorHandler(logger));
  return app;
}
