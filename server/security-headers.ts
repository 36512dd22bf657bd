import type { ServerResponse } from 'node:http';

// Scripts only from our own origin; inline JSON data blocks are not executed, so they need no exception.
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
} as const;

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The security headers every answer carries, pages, files, API answers and the answers Node's
 * parser gives alike: helmet's defaults with our Content-Security-Policy, referrer policy and
 * frame refusal, written out once (a unit test checks them against helmet with the same options).
 */
export const SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = Object.freeze([
  [
    'content-security-policy',
    Object.entries(contentSecurityPolicy)
      .map(([name, sources]) => `${kebab(name)} ${sources.join(' ')}`)
      .join(';'),
  ],
  ['cross-origin-opener-policy', 'same-origin'],
  ['cross-origin-resource-policy', 'same-origin'],
  ['origin-agent-cluster', '?1'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
  ['x-content-type-options', 'nosniff'],
  ['x-dns-prefetch-control', 'off'],
  ['x-download-options', 'noopen'],
  ['x-frame-options', 'DENY'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-xss-protection', '0'],
] as const);

/** The options helmet takes for the same headers; only the test comparing the table uses them. */
export const helmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  xFrameOptions: { action: 'deny' },
} as const;

export function setSecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
}
