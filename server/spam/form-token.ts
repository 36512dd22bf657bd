import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { parseCookie, stringifySetCookie } from 'cookie';

/**
 * The form token: a cookie the server signs when it answers a page with a form, and reads back
 * when that form is sent. A prerendered page is the same bytes for every visitor, so the token
 * travels beside it, never in it. It holds when it was issued, a random nonce and an HMAC of both:
 * `issuedAt.nonce.mac`, nothing about the visitor.
 */
export const FORM_TOKEN_COOKIE = 'form-token';

/** FORM_TOKEN_LIFETIME's default: a person who leaves a tab open over lunch still sends at once. */
export const DEFAULT_FORM_TOKEN_LIFETIME_MS = 2 * 60 * 60 * 1000;
/** FORM_MIN_FILL_SECONDS' default: nobody reads a form and types into it in under two seconds. */
export const DEFAULT_FORM_MIN_FILL_MS = 2_000;
/**
 * The cookie outlives its token by a day, so a token from a tab left open overnight comes back
 * and is answered as expired (the form with its values and a sentence), not as missing.
 */
const COOKIE_GRACE_MS = 24 * 60 * 60 * 1000;

export interface FormTokenSettings {
  lifetimeMs: number;
  minFillMs: number;
}

/** Why a post's token is refused; `expired` is the one a person hits, and the only one they are told. */
export type TokenRefusal = 'missing' | 'forged' | 'expired' | 'too-fast' | 'replayed';

export type TokenCheck = { ok: true; nonce: string; expiresAt: Date } | { ok: false; reason: Exclude<TokenRefusal, 'replayed'> };

export interface FormTokens {
  /** A Set-Cookie value holding a new token. */
  issue(): string;
  /** A Set-Cookie value when the request holds no token, a broken one or one past half its lifetime; else undefined. */
  renewal(req: IncomingMessage): string | undefined;
  /** Whether the request's token lets a form be sent now. */
  check(req: IncomingMessage): TokenCheck;
}

export interface FormTokenOptions extends FormTokenSettings {
  /** Keys the HMAC; the token's key is derived from it, so the same secret may key other things. */
  secret: string;
  /** Over HTTPS the cookie is Secure. */
  secure: boolean;
  now?: () => Date;
}

const TOKEN = /^(\d{1,15})\.([0-9a-f]{32})\.([A-Za-z0-9_-]{43})$/;

/** Only the form token's part of a Cookie header is looked at: most requests carry none, and are not parsed. */
function tokenOf(req: IncomingMessage): string | undefined {
  const header = req.headers.cookie;
  if (header === undefined || !header.includes(FORM_TOKEN_COOKIE)) return undefined;
  return parseCookie(header)[FORM_TOKEN_COOKIE];
}

export function createFormTokens(options: FormTokenOptions): FormTokens {
  const { lifetimeMs, minFillMs, secure } = options;
  const now = options.now ?? (() => new Date());
  const key = createHmac('sha256', options.secret).update('form-token').digest();
  const mac = (issued: string, nonce: string) => createHmac('sha256', key).update(`${issued}.${nonce}`).digest();
  const flags = { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: Math.ceil((lifetimeMs + COOKIE_GRACE_MS) / 1000) } as const;
  // The attributes are the same on every cookie: written by the library once, not checked again per page
  // answer (4 µs of the 10 a new token took). A token is digits, hex and base64url, all allowed in a cookie.
  const attributes = stringifySetCookie(FORM_TOKEN_COOKIE, '0', flags).slice(`${FORM_TOKEN_COOKIE}=0`.length);

  /** The token's time of issue, when its MAC is right; null for a forged or malformed one. */
  function verified(value: string): { issued: number; nonce: string } | null {
    const parts = TOKEN.exec(value);
    if (!parts) return null;
    const [, issued, nonce, given] = parts;
    const expected = mac(issued!, nonce!);
    const sent = Buffer.from(given!, 'base64url');
    return sent.length === expected.length && timingSafeEqual(sent, expected) ? { issued: Number(issued), nonce: nonce! } : null;
  }

  function issue(): string {
    const issued = String(now().getTime());
    const nonce = randomUUID().replaceAll('-', '');
    return `${FORM_TOKEN_COOKIE}=${issued}.${nonce}.${mac(issued, nonce).toString('base64url')}${attributes}`;
  }

  return {
    issue,
    renewal(req) {
      const value = tokenOf(req);
      const token = value === undefined ? null : verified(value);
      if (token && now().getTime() - token.issued < lifetimeMs / 2) return undefined;
      return issue();
    },
    check(req) {
      const value = tokenOf(req);
      if (value === undefined || value === '') return { ok: false, reason: 'missing' };
      const token = verified(value);
      if (!token) return { ok: false, reason: 'forged' };
      const age = now().getTime() - token.issued;
      if (age > lifetimeMs) return { ok: false, reason: 'expired' };
      if (age < minFillMs) return { ok: false, reason: 'too-fast' };
      return { ok: true, nonce: token.nonce, expiresAt: new Date(token.issued + lifetimeMs) };
    },
  };
}
