/**
 * Evidence files as a request brings them: known by their bytes only, at most 5 of at most 10 MB,
 * names cleaned for display, and the multipart body read within a bound.
 */
import { request } from 'node:http';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_EVIDENCE_BYTES, MAX_EVIDENCE_FILES } from '../../../contracts/evidence-contract';
import { CLAMD_TIMEOUT_MS, readClamd } from '../../../server/config';
import type { Scanner } from '../../../server/notices/clamd';
import { readClamdAnswer } from '../../../server/notices/clamd';
import { displayFileName, readEvidence, sniffEvidenceType } from '../../../server/notices/evidence';
import {
  evidenceParts,
  MAX_NOTICE_BODY_BYTES,
  parseMultipart,
  readMultipart,
  type MultipartReading,
} from '../../../server/notices/multipart';

const bytes = (...parts: Array<number[] | string>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));

const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], '\0\0\0\rIHDR');
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0], '\0\x10JFIF\0');
const WEBP = bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ');
const PDF = bytes('%PDF-1.7\n1 0 obj\n');

describe('an evidence file is known by its bytes', () => {
  it.each([
    ['a PNG', PNG, 'image/png'],
    ['a JPEG', JPEG, 'image/jpeg'],
    ['a WebP', WEBP, 'image/webp'],
    ['a PDF', PDF, 'application/pdf'],
    ['an HTML page', bytes('<!doctype html><html><script>alert(1)</script>'), null],
    ['an SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), null],
    ['an SVG with an XML declaration', bytes('<?xml version="1.0"?><svg/>'), null],
    ['a GIF', bytes('GIF89a'), null],
    ['a RIFF that is not WebP (a WAV)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '), null],
    ['a PDF signature not at the start (an HTML polyglot)', bytes('<html>%PDF-1.7'), null],
    ['a PNG signature cut short', bytes([0x89, 0x50, 0x4e, 0x47]), null],
    ['a ZIP (an Office document)', bytes('PK\x03\x04'), null],
    ['nothing', bytes(), null],
  ])('%s is %s', (_what, file, type) => {
    expect(sniffEvidenceType(file)).toBe(type);
  });

  it('whatever name it was given: an HTML page named proof.png is refused, a PDF named page.html is a PDF', async () => {
    const html = await readEvidence([{ name: 'proof.png', bytes: bytes('<html><body>hi</body></html>') }]);
    expect(html).toEqual({
      errors: { evidence: '“proof.png” is not a PNG, JPEG or WebP image or a PDF: only those can be attached.' },
      problems: [expect.any(String)],
    });
    expect(await readEvidence([{ name: 'page.html', bytes: PDF }])).toEqual({
      files: [{ position: 1, fileName: 'page.html', mediaType: 'application/pdf', bytes: PDF }],
    });
  });
});

describe('the limits', () => {
  it('takes a file of exactly 10 MB and refuses one byte more', async () => {
    const exact = new Uint8Array(MAX_EVIDENCE_BYTES);
    exact.set(PNG);
    const over = new Uint8Array(MAX_EVIDENCE_BYTES + 1);
    over.set(PNG);
    expect(await readEvidence([{ name: 'a.png', bytes: exact }])).toMatchObject({ files: [{ mediaType: 'image/png' }] });
    const refused = await readEvidence([
      { name: 'a.png', bytes: exact },
      { name: 'b.png', bytes: over },
    ]);
    expect(refused).toMatchObject({ errors: { evidence: '“b.png” is larger than 10 MB, the most one file may be.' } });
  });

  it(`takes ${MAX_EVIDENCE_FILES} files in their order and refuses ${MAX_EVIDENCE_FILES + 1}`, async () => {
    const five = [PNG, JPEG, WEBP, PDF, PNG].map((b, i) => ({ name: `f${i}`, bytes: b }));
    const read = await readEvidence(five);
    expect((read as { files: Array<{ position: number }> }).files.map((f) => f.position)).toEqual([1, 2, 3, 4, 5]);
    expect(await readEvidence([...five, { name: 'f5', bytes: PDF }])).toMatchObject({
      errors: { evidence: `Attach at most ${MAX_EVIDENCE_FILES} files; 6 were sent.` },
    });
  });

  it('refuses an empty file, and says what is wrong with each file at once', async () => {
    const read = await readEvidence([
      { name: 'empty.pdf', bytes: bytes() },
      { name: 'ok.pdf', bytes: PDF },
      { name: 'page.svg', bytes: bytes('<svg/>') },
    ]);
    expect((read as { problems: string[] }).problems).toEqual([
      '“empty.pdf” is empty.',
      '“page.svg” is not a PNG, JPEG or WebP image or a PDF: only those can be attached.',
    ]);
  });

  it('puts its message at the field the form names', async () => {
    expect(await readEvidence([{ name: 'x', bytes: bytes('x') }], { field: 'files' })).toMatchObject({
      errors: { files: expect.any(String) },
    });
  });
});

describe('the scan', () => {
  const scanner = (verdicts: Awaited<ReturnType<Scanner['scan']>>[]): Scanner & { seen: number } => {
    const s = { seen: 0, scan: async () => verdicts[s.seen++]! };
    return s;
  };

  it('scans each file that passed the checks, and none when a check already failed', async () => {
    const clean = scanner([{ verdict: 'clean' }, { verdict: 'clean' }]);
    expect(
      await readEvidence(
        [
          { name: 'a', bytes: PNG },
          { name: 'b', bytes: PDF },
        ],
        { scanner: clean },
      ),
    ).toHaveProperty('files');
    expect(clean.seen).toBe(2);
    const unused = scanner([]);
    await readEvidence([{ name: 'a', bytes: bytes('<svg/>') }], { scanner: unused });
    expect(unused.seen).toBe(0);
  });

  it('refuses a file found infected, or whose scan failed, and tells the operators why it failed', async () => {
    const failures: string[] = [];
    const read = await readEvidence(
      [
        { name: 'a.png', bytes: PNG },
        { name: 'b.pdf', bytes: PDF },
      ],
      {
        scanner: scanner([
          { verdict: 'infected', signature: 'Win.Test.EICAR_HDB-1' },
          { verdict: 'failed', reason: 'clamd down' },
        ]),
        onScanFailed: (r) => failures.push(r),
      },
    );
    expect((read as { problems: string[] }).problems).toEqual([
      '“a.png” was refused: the virus scanner found Win.Test.EICAR_HDB-1 in it.',
      '“b.pdf” could not be checked for viruses just now, so it was not accepted. Try again in a few minutes, or send the request without it.',
    ]);
    expect(failures).toEqual(['clamd down']);
  });

  it.each([
    ['stream: OK\0', { verdict: 'clean' }],
    ['stream: Eicar-Test-Signature FOUND\0', { verdict: 'infected', signature: 'Eicar-Test-Signature' }],
    ['INSTREAM size limit exceeded. ERROR\0', { verdict: 'failed', reason: 'clamd answered: INSTREAM size limit exceeded. ERROR' }],
    ['', { verdict: 'failed', reason: 'clamd closed the connection without an answer' }],
  ])('reads clamd answering %j', (answer, result) => {
    expect(readClamdAnswer(answer)).toEqual(result);
  });
});

describe('a file name is for display only', () => {
  it.each([
    ['screenshot.png', 'screenshot.png'],
    ['C:\\Users\\ann\\Desktop\\proof.pdf', 'proof.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['photo\u202Egnp.exe', 'photognp.exe'],
    ['line\r\nbreak\u0000.pdf', 'linebreak.pdf'],
    ['  many   spaces .png ', 'many spaces .png'],
    ['.hidden', 'hidden'],
    ['', 'evidence-3'],
    ['\u200B\u200D', 'evidence-3'],
    ['e\u0301te\u0301.png', 'été.png'],
  ])('%j is shown as %j', (given, shown) => {
    expect(displayFileName(given, 3)).toBe(shown);
  });

  it('is cut at 120 characters', () => {
    expect([...displayFileName('é'.repeat(300), 1)]).toHaveLength(120);
  });
});

describe('the multipart body', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** A server that reads each request with readMultipart and answers what it read. */
  async function reader(maxBytes?: number): Promise<string> {
    server = createServer(async (req, res) => {
      const read: MultipartReading = await readMultipart(req, maxBytes);
      if ('status' in read) {
        res.writeHead(read.status, { Connection: 'close', 'Content-Type': 'text/plain' }).end(read.message);
        return;
      }
      const files = await evidenceParts(read.form);
      res.end(JSON.stringify({ name: read.form.get('name'), files: files.map((f) => [f.name, f.bytes.length]) }));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  }

  it('gives the fields and files in order, skipping the empty part of a file input left empty', async () => {
    const url = await reader();
    const form = new FormData();
    form.set('name', 'Ann');
    form.append('evidence', new File([PDF], 'a.pdf'));
    form.append('evidence', new File([], ''));
    form.append('evidence', new File([PNG], 'b.png', { type: 'text/html' }));
    const res = await fetch(url, { method: 'POST', body: form });
    expect(await res.json()).toEqual({
      name: 'Ann',
      files: [
        ['a.pdf', PDF.length],
        ['b.png', PNG.length],
      ],
    });
  });

  it('refuses a body that says it is too long before reading it', async () => {
    const url = await reader();
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(url, {
        method: 'POST',
        headers: { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(MAX_NOTICE_BODY_BYTES + 1) },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      req.on('error', reject);
      // Only the headers are sent: the answer comes without the body.
      req.flushHeaders();
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain('at most 5 files of at most 10 MB each');
  });

  it('stops reading a body sent without a length once it passes the limit', async () => {
    const url = await reader(64 * 1024);
    const chunk = Buffer.alloc(16 * 1024, 0x41);
    let sent = 0;
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(url, {
        method: 'POST',
        headers: { 'Content-Type': 'multipart/form-data; boundary=x', 'Transfer-Encoding': 'chunked' },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode!);
        req.destroy();
      });
      req.on('error', (err) => (sent > 64 * 1024 ? undefined : reject(err)));
      const pump = () => {
        // Sends on until answered (far past the limit if the server kept reading).
        while (sent < 50 * 1024 * 1024 && req.write(chunk)) sent += chunk.length;
        if (sent < 50 * 1024 * 1024 && !req.destroyed) req.once('drain', pump);
      };
      pump();
    });
    expect(status).toBe(413);
    expect(sent).toBeLessThan(50 * 1024 * 1024);
  });

  it('refuses what is not multipart, and parts that cannot be read', async () => {
    expect(await parseMultipart(bytes('a=b'), 'application/x-www-form-urlencoded')).toMatchObject({ status: 415 });
    expect(await parseMultipart(bytes('no boundary here'), 'multipart/form-data; boundary=zzz')).toMatchObject({ status: 400 });
  });
});

describe('CLAMD_SOCKET', () => {
  it('unset or empty scans nothing; an absolute path is the socket; anything else stops the start', () => {
    const problems: string[] = [];
    expect(readClamd(undefined, problems)).toBeNull();
    expect(readClamd('', problems)).toBeNull();
    expect(readClamd('/run/clamav/clamd.ctl', problems)).toEqual({ socket: '/run/clamav/clamd.ctl', timeoutMs: CLAMD_TIMEOUT_MS });
    expect(problems).toEqual([]);
    expect(readClamd('clamd.ctl', problems)).toBeNull();
    expect(problems).toEqual([`CLAMD_SOCKET must be the absolute path of clamd's LocalSocket, got "clamd.ctl".`]);
  });
});
