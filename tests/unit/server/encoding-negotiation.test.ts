/**
 * The negotiation table answers as negotiator does: for many Accept-Encoding values (what browsers,
 * crawlers and proxies send, and odd ones) and every set of encodings an entry may have.
 */
import type { IncomingMessage } from 'node:http';
import Negotiator from 'negotiator';
import { describe, expect, it } from 'vitest';
import { acceptedEncodings, negotiateEncoding, type ContentEncoding } from '../../../server/static-files';

const PREFERRED: ContentEncoding[] = ['br', 'gzip'];
const SETS: ContentEncoding[][] = [[], ['br'], ['gzip'], ['br', 'gzip']];

const values: (string | undefined)[] = [
  undefined,
  '',
  ' ',
  'gzip',
  'br',
  'identity',
  '*',
  'gzip, deflate',
  'gzip, deflate, br',
  'gzip, deflate, br, zstd',
  'br;q=1.0, gzip;q=0.8, *;q=0.1',
  'br;q=0.5, gzip',
  'gzip;q=0.5, br;q=0.5',
  'gzip;q=0.9, br;q=0.9, identity;q=1',
  'br;q=0, gzip;q=0',
  'br;q=0',
  'gzip;q=0, *',
  '*;q=0',
  '*;q=0, identity',
  'identity;q=0',
  'identity;q=0, *;q=0',
  'GZIP',
  'Br',
  'x-gzip',
  'compress, gzip',
  'gzip;q=1.5',
  'gzip;q=-1, br',
  'gzip;q=abc',
  'gzip ; q=0.3 , br ; q=0.2',
  'gzip,,br',
  ',',
  ';q=1',
  'deflate',
  'zstd, br;q=0.1',
  'br;q=0.001, gzip;q=0.002',
  'gzip;level=9',
  'br, gzip;q=0.9, *;q=0',
  '*, br;q=0',
];

const negotiator = (header: string | undefined, available: ContentEncoding[]) =>
  (new Negotiator({ headers: header === undefined ? {} : { 'accept-encoding': header } }).encodings([...available], {
    preferred: PREFERRED,
  })[0] as ContentEncoding | undefined) ?? null;

describe('the encoding negotiation table', () => {
  it.each(values.map((v) => [JSON.stringify(v), v] as const))(
    'answers %s as negotiator does, for every set of encodings',
    (_shown, value) => {
      for (const available of SETS) {
        const req = { headers: value === undefined ? {} : { 'accept-encoding': value } } as IncomingMessage;
        // Twice: worked out, then from the table.
        expect(negotiateEncoding(req, available)).toBe(negotiator(value, available));
        expect(negotiateEncoding(req, available)).toBe(negotiator(value, available));
      }
    },
  );

  it('keeps a bounded number of values, and answers the same after it was cleared', () => {
    const first = acceptedEncodings('gzip;q=0.4, br;q=0.3');
    for (let i = 0; i < 2_500; i++) acceptedEncodings(`gzip;q=0.${i % 10}, x-${i}`);
    expect(acceptedEncodings('gzip;q=0.4, br;q=0.3')).toEqual(first);
    expect(first).toEqual(['gzip', 'br']);
  });
});
