// Who may manage data sets: a signed-in user whose e-mail is in ADMIN_EMAILS, or the import and
// datasets commands on this machine, which hand their work to the running API with the local admin
// token it wrote beside its PGlite directory (app/localHandover.ts).
import type { RequestHandler } from 'express';
import { decodeJwt, type JWTPayload } from 'jose';
import { ForbiddenError } from '../http/httpErrors.ts';
import { secretTokenMatcher } from './secretToken.ts';
import { BEARER } from './verifyBearer.ts';

export const ADMINS_ONLY_MESSAGE = 'Only administrators can manage data sets';
/** The user id the local admin token stands for (in logs and import records). */
const LOCAL_ADMIN = 'local-admin';

export interface AdminAccessOptions {
  /** Lower-case e-mail addresses. */
  adminEmails: ReadonlySet<string>;
  /** The token the local commands present; undefined: none is accepted. */
  localAdminToken: string | undefined;
  /** Verifies the session JWT and sets req.userId (401 without a valid one). */
  requireUser: RequestHandler;
}

/**
 * The e-mail addresses a verified Stytch session JWT proves: its magic-link factors' addresses, and
 * an `email` custom claim (how a Stytch project puts the address of an OAuth sign-in into its JWTs).
 */
function sessionEmails(payload: JWTPayload): string[] {
  const emails: string[] = [];
  if (typeof payload.email === 'string') emails.push(payload.email);
  const session = payload['https://stytch.com/session'] as { authentication_factors?: unknown } | undefined;
  const factors = Array.isArray(session?.authentication_factors) ? session.authentication_factors : [];
  for (const factor of factors as { email_factor?: { email_address?: unknown } }[]) {
    const address = factor?.email_factor?.email_address;
    if (typeof address === 'string') emails.push(address);
  }
  return emails.map((email) => email.trim().toLowerCase());
}

export interface AdminAccess {
  /** Sets req.administrator for any signed-in user (or the local token); 401 for everyone else. */
  identify: RequestHandler;
  /** Lets administrators through; everyone else signed in gets 403, everyone else 401. */
  requireAdmin: RequestHandler;
}

export function adminAccess(options: AdminAccessOptions): AdminAccess {
  const isLocalToken = secretTokenMatcher(options.localAdminToken);
  const identify: RequestHandler = (req, res, next) => {
    const token = BEARER.exec(req.get('authorization') ?? '')?.[1];
    if (token !== undefined && isLocalToken(token)) {
      req.userId = LOCAL_ADMIN;
      req.administrator = true;
      next();
      return;
    }
    // requireUser verified this very token before the payload is read.
    return options.requireUser(req, res, (error?: unknown) => {
      if (error) return next(error);
      req.adminEmail = sessionEmails(decodeJwt(token!)).find((email) => options.adminEmails.has(email));
      req.administrator = req.adminEmail !== undefined;
      next();
    });
  };
  const requireAdmin: RequestHandler = (req, res, next) =>
    identify(req, res, (error?: unknown) => {
      if (error) return next(error);
      next(req.administrator ? undefined : new ForbiddenError(ADMINS_ONLY_MESSAGE));
    });
  return { identify, requireAdmin };
}

