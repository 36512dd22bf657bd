/**
 * JSON Pointer (RFC 6901), as ajv writes `instancePath`. `~1` is undone before `~0`, so an escaped
 * `~01` reads as the text `~1` and not as `/`.
 */
export function decodePointerSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** A pointer's segments, with list positions as numbers: `/sections/2/title` → ['sections', 2, 'title']. */
export function pointerSegments(pointer: string): Array<string | number> {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map(decodePointerSegment)
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}
