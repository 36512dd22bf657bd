import { ROLES, type Role } from '../../contracts/editor-contract';

/** Roles as the accounts table keeps them: a comma list in ROLES order, each once. */
export function writeRoles(roles: readonly Role[]): string {
  if (roles.length === 0) throw new Error('An account needs at least one role.');
  return ROLES.filter((r) => roles.includes(r)).join(',');
}

/** The roles a stored comma list names; a word no release knows (written by newer code) is left out. */
export function readRoles(stored: string): Role[] {
  const named = new Set(stored.split(','));
  return ROLES.filter((r) => named.has(r));
}
