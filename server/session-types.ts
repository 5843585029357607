// Pure types shared by the server and the views (no runtime code, safe to import anywhere).

/** The signed-in user, decoded from the access token's claims (spec §3). */
export interface SessionUser {
  id: string;
  userName: string;
  fullName: string;
  email: string;
  jobTitle: string;
  roles: string[];
  permissions: string[];
  leaId: number | null;
}

export type FlashType = 'success' | 'error' | 'info';

/** A one-time message shown on the next rendered page. */
export interface Flash {
  type: FlashType;
  text: string;
}

/** What the portal keeps in the express-session object. Tokens are NOT here (token-store.ts). */
export interface PortalSessionData {
  user?: SessionUser;
  /** The LEA the user works in (CurrentLeaId header); null for "none selected". */
  currentLeaId?: number | null;
  /** The active school year key (activeschoolyear header), e.g. '2024-2025'. */
  schoolYear?: string;
  flash?: Flash[];
  /** When the user signed in (ms since epoch). */
  signedInAt?: number;
  /**
   * The last characters (part of the signature) of the access token `user` was read from, so a
   * request whose token has not changed skips decoding it again. Not a credential on its own.
   */
  userTokenMark?: string;
}

/** The part of an access token kept in the session to tell whether `user` came from it. */
export function tokenMark(accessToken: string): string {
  return accessToken.slice(-16);
}
