import type { Role } from '../../contracts/editor-contract';
import type { InboxSession } from '../../contracts/inbox-contract';

/** What the signed-in account may do; a server that does not say (no roles yet) means the leads, as before roles. */
export function rolesOf(session: InboxSession): readonly Role[] {
  const roles = (session as InboxSession & { roles?: readonly Role[] }).roles;
  return Array.isArray(roles) ? roles : ['leads'];
}
