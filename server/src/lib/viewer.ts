/** A signed-in member as the rules see them: who they are, and whether they are an admin. */
export interface Member {
  id: number;
  isAdmin: boolean;
  /**
   * Under a moderator's restriction right now: their new comments, replies and chat requests wait
   * for review (absent: not restricted).
   */
  restricted?: boolean;
}

/**
 * Who is asking: a member, or null for a visitor. Always taken from the request's session
 * (`viewerOf` in plugins/authentication.ts), never from anything the client sends.
 */
export type Viewer = Member | null;
