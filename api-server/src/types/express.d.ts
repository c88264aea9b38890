// The signed-in user's id (JWT `sub`), set by requireUser.
declare global {
  namespace Express {
    interface Request {
      userId?: string;
    }
  }
}

export {};
