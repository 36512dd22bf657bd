/**
 * Addresses content may not point at: the admin app and the API. A picture or link there is
 * fetched by every visitor's browser with their cookies, so a signed-in team member scrolling a
 * public page would read leads or export them in their own name, and the audit log would say so.
 */

/** The paths the server answers with the admin app, its API and the site's actions. */
const ACTION_PATHS = ['/admin', '/api'];

/** Under them, what a page may show: the protection badges, read-only images made to be embedded. */
const EMBEDDABLE_PATHS = ['/api/badge/'];

const under = (path: string, prefix: string) => path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);

/** The path a browser would request for a site address, as the server routes it: dots resolved, decoded, lower case, one slash at a time. */
function routedPath(address: string): string | null {
  if (!/^[/\\]/.test(address.trim()) || /^[/\\]{2}/.test(address.trim())) return null;
  let path = new URL(address.trim(), 'https://site.invalid').pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // A broken escape is matched as written.
  }
  return path.toLowerCase().replace(/\/{2,}/g, '/');
}

/** Why content may not use this address, or null when it may (it is not a path of this site, or not an action). */
export function actionAddressProblem(address: string): string | null {
  const path = routedPath(address);
  if (path === null || EMBEDDABLE_PATHS.some((p) => under(path, p))) return null;
  const prefix = ACTION_PATHS.find((p) => under(path, p));
  if (!prefix) return null;
  return `"${address.length > 60 ? `${address.slice(0, 60)}…` : address}" is an address of the ${prefix === '/admin' ? 'admin app' : 'site’s API'}: pictures, links and buttons may not point under /admin or /api, because a signed-in team member's browser would call it in their name. Point at a page or picture of the site (the badge images under /api/badge/ are the one exception)`;
}
