import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseCookie, stringifySetCookie } from 'cookie';

/** A session ends after this long without a request. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** And after this long in any case, however busy: a stolen cookie does not last for ever. */
export const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** 32 random bytes in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * `__Host-` makes the browser refuse the cookie unless it is Secure, for this host only and for
 * every path: no subdomain or plain-HTTP page can set or overwrite it. It needs HTTPS, so a site
 * served over plain HTTP (development) uses a plain name.
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-inbox-session' : 'inbox-session';
}

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the store keeps instead of the token, so a copy of the database signs nobody in. */
export function sessionTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The session token the request carries, when it carries one in the right form. */
export function readSessionToken(req: IncomingMessage, secure: boolean): string | null {
  const value = parseCookie(req.headers.cookie ?? '')[sessionCookieName(secure)];
  return value !== undefined && TOKEN.test(value) ? value : null;
}

const COOKIE_FLAGS = { path: '/', httpOnly: true, sameSite: 'strict' } as const;

/** No Max-Age: the browser forgets it when closed, and the server ends it after SESSION_IDLE_MS idle. */
export function setSessionCookie(res: ServerResponse, token: string, secure: boolean): void {
  res.appendHeader('Set-Cookie', stringifySetCookie(sessionCookieName(secure), token, { ...COOKIE_FLAGS, secure }));
}

export function clearSessionCookie(res: ServerResponse, secure: boolean): void {
  res.appendHeader('Set-Cookie', stringifySetCookie(sessionCookieName(secure), '', { ...COOKIE_FLAGS, maxAge: 0, secure }));
}

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Firefox on Linux", for the list of sessions: a label is all that is kept, never the whole user agent. */
export function browserLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? 'Unknown browser';
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  return system ? `${browser} on ${system}` : browser;
}
