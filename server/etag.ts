import { createHash } from 'node:crypto';

/** A strong ETag from the bytes' hash; `suffix` tells apart encodings of the same bytes (`-br`, `-gz`). */
export function strongEtag(body: Buffer, suffix = ''): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}${suffix}"`;
}

/** If-None-Match uses weak comparison (RFC 9110 §13.1.2), so a W/ prefix added by a proxy still matches. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
