import type { Role } from '../../contracts/editor-contract';
import type { InboxSession } from '../../contracts/inbox-contract';

/** What the signed-in account may do. */
export const rolesOf = (session: InboxSession): readonly Role[] => session.roles;
