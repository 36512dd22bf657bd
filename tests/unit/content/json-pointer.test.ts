import { describe, expect, it } from 'vitest';
import { decodePointerSegment, pointerSegments } from '../../../engine/content/json-pointer';

describe('JSON pointers as ajv writes them', () => {
  it.each([
    ['plain', 'plain'],
    ['a~1b', 'a/b'],
    ['a~0b', 'a~b'],
    ['~01', '~1'],
    ['~10', '/0'],
  ])('the segment %s names the field %s', (segment, field) => {
    expect(decodePointerSegment(segment)).toBe(field);
  });

  it.each([
    ['', []],
    ['/sections/2/title', ['sections', 2, 'title']],
    ['/links/0/a~1b', ['links', 0, 'a/b']],
    ['/07', [7]],
  ])('the pointer "%s" points at %j', (pointer, path) => {
    expect(pointerSegments(pointer)).toEqual(path);
  });
});
