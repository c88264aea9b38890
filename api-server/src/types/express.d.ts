// The signed-in user's id (JWT `sub`), set by requireUser.
declare global {
  namespace Express {
    interface Request {
      userId?: string;
      /** Set by the admin access check (platform/auth/adminAccess.ts). */
      administrator?: boolean;
      /** The administrator's e-mail address that gave them access; unset for the local commands' token. */
      adminEmail?: string;
    }
  }
}

export {};
