/**
 * A takedown request's evidence files in the lead store, on both backends: kept with their bytes,
 * size and SHA-256, stored once however often the request is resent, and gone from the database
 * when the lead is erased, by the inbox's Erase or by quarantine retention.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { NewEvidence } from '../../../server/store/evidence';
import type { NewLead } from '../../../server/store/types';
import { backends, useFreshStores } from './store-backends';

const notice: NewLead = {
  endpoint: '/api/notice',
  formType: 'notice',
  payload: { requester: { name: 'Ann Owner', email: 'ann@example.com' } },
};

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('screenshot of the copy')]);
// Every byte value, so a backend that mangled binary (text encoding, a trailing zero) is caught.
const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(Array.from({ length: 256 }, (_, i) => i))]);

const files: NewEvidence[] = [
  { position: 1, fileName: 'screenshot.png', mediaType: 'image/png', bytes: png },
  { position: 2, fileName: 'registration.pdf', mediaType: 'application/pdf', bytes: pdf },
];
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const DAY = 86_400_000;

describe.each(backends)('%s evidence files', (_name, backend) => {
  describe.skipIf(backend.skipReason !== null)(backend.where, { timeout: 20_000 }, () => {
    const fresh = useFreshStores(backend);
    const countFiles = async () => (await fresh.target()).count('SELECT COUNT(*) FROM evidence_files');

    it('keeps each file with its name, type, size and SHA-256, and gives its bytes back unchanged', async () => {
      const store = await fresh.store();
      const lead = await store.leads.insertLead(notice);
      const saved = await store.evidence.saveEvidence(lead.id, files);
      const expected = [
        { position: 1, fileName: 'screenshot.png', mediaType: 'image/png', size: png.length, sha256: sha256(png) },
        { position: 2, fileName: 'registration.pdf', mediaType: 'application/pdf', size: pdf.length, sha256: sha256(pdf) },
      ];
      expect(saved).toMatchObject(expected);
      expect(await store.evidence.listEvidence(lead.id)).toEqual(saved);
      const second = await store.evidence.getEvidence(lead.id, 2);
      expect(second).toMatchObject(expected[1]!);
      expect(Buffer.compare(second!.bytes, pdf)).toBe(0);
      expect(sha256(second!.bytes)).toBe(second!.sha256);
    });

    it('stores a resent request’s files once, and keeps the first file at each place', async () => {
      const store = await fresh.store();
      const lead = await store.leads.insertLead(notice);
      await store.evidence.saveEvidence(lead.id, files);
      const again = await store.evidence.saveEvidence(lead.id, [{ ...files[0]!, bytes: pdf, mediaType: 'application/pdf' }]);
      expect(again.map((f) => f.sha256)).toEqual([sha256(png), sha256(pdf)]);
      expect(await countFiles()).toBe(2);
    });

    it('names nothing for an unknown lead, a place that holds no file or is no place', async () => {
      const store = await fresh.store();
      const lead = await store.leads.insertLead(notice);
      await store.evidence.saveEvidence(lead.id, files);
      const other = await store.leads.insertLead(notice);
      expect(await store.evidence.listEvidence(other.id)).toEqual([]);
      expect(await store.evidence.getEvidence(other.id, 1)).toBeNull();
      expect(await store.evidence.getEvidence(lead.id, 3)).toBeNull();
      expect(await store.evidence.getEvidence(lead.id, 0)).toBeNull();
      expect(await store.evidence.getEvidence('not-a-uuid', 1)).toBeNull();
      expect(await store.evidence.saveEvidence('00000000-0000-4000-8000-000000000000', files)).toEqual([]);
      expect(await countFiles()).toBe(2);
    });

    it('deletes the files, bytes and all, when the lead is erased, says so in the audit log, and takes none after', async () => {
      const store = await fresh.store();
      const lead = await store.leads.insertLead(notice);
      const kept = await store.leads.insertLead(notice);
      await store.evidence.saveEvidence(lead.id, files);
      await store.evidence.saveEvidence(kept.id, files.slice(0, 1));
      expect(await countFiles()).toBe(3);

      await store.inbox.eraseLead(lead.id, 'ann@example.com');
      expect(await store.evidence.listEvidence(lead.id)).toEqual([]);
      expect(await store.evidence.getEvidence(lead.id, 1)).toBeNull();
      expect(await countFiles()).toBe(1);
      expect(await store.evidence.listEvidence(kept.id)).toHaveLength(1);
      const erase = (await store.audit.listLead(lead.id)).find((e) => e.action === 'erase');
      expect(erase?.detail).toContain('2 evidence files deleted');
      // A request resent after the erasure brings nothing back.
      expect(await store.evidence.saveEvidence(lead.id, files)).toEqual([]);
      expect(await countFiles()).toBe(1);
    });

    it('deletes the files of a quarantined lead erased after the retention period', async () => {
      let t = Date.parse('2026-03-02T10:00:00.000Z');
      const store = await fresh.store(() => new Date(t));
      const held = await store.leads.insertLead({
        ...notice,
        quarantine: { score: 6, reasons: [{ code: 'links', weight: 6, detail: 'links' }] },
      });
      await store.evidence.saveEvidence(held.id, files);
      t += 31 * DAY;
      expect(await store.inbox.eraseQuarantined({ before: new Date(t - 30 * DAY), limit: 10, actor: 'quarantine retention' })).toBe(1);
      expect(await store.evidence.listEvidence(held.id)).toEqual([]);
      expect(await countFiles()).toBe(0);
    });
  });
});
