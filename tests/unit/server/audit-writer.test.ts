/** Every audit line is written by server/admin/audit.ts: one place says what the log records and in which words. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAuditLog } from '../../../server/admin/audit';
import type { NewAuditEntry } from '../../../server/store/inbox-types';

const ROOT = join(import.meta.dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** A write to the store's audit slice: `store.audit.add({`, `ctx.store.audit.add(`, `auditSlice.add (entry)`. */
const WRITES_AUDIT = /\baudit(?:Slice)?\s*\.\s*add\s*\(/;

describe('the audit writer', () => {
  it('is the only code that writes an audit line (the store method it calls aside)', () => {
    const files = ['server', 'scripts'].flatMap(sources);
    expect(files.length).toBeGreaterThan(100);
    const writers = files.filter((file) => WRITES_AUDIT.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(writers).toEqual(['server/admin/audit.ts']);
    // The scan sees the forms a direct write takes, so a new one cannot slip past it.
    for (const call of ['await ctx.store.audit.add({ actor })', 'store.audit . add (entry)', 'auditSlice.add(entry)'])
      expect(WRITES_AUDIT.test(call), call).toBe(true);
    expect(WRITES_AUDIT.test('ctx.audit.contentSaved(email)')).toBe(false);
  });

  it('writes one entry per event, with the actor and the action the log filters on, and no lead for site-wide events', async () => {
    const written: NewAuditEntry[] = [];
    const log = createAuditLog({ add: async (entry) => void written.push(entry) });
    await log.contentSaved('writer@example.com', 'site/pages/faq.yaml', 3, true);
    await log.contentCreated('writer@example.com', 'site/pages/guides.yaml');
    await log.contentDeleted('writer@example.com', 'site/pages/guides.yaml', '/faq');
    await log.publishRefused('writer@example.com', 2);
    await log.published('writer@example.com', { id: 'r1', pages: 45, commit: 'abcdef0123456789', pushed: '', durationMs: 900 });
    await log.rolledBack('writer@example.com', 'r0', '');
    await log.accountAddedByOperator('new@example.com', ['leads']);
    await log.rolesChangedByOperator('new@example.com', ['leads'], ['content']);
    await log.twoStepRequiredByOperator('new@example.com', true);
    await log.accountRemovedByOperator('new@example.com');
    expect(written.map((e) => [e.actor, e.action, e.leadId])).toEqual([
      ['writer@example.com', 'save', null],
      ['writer@example.com', 'create', null],
      ['writer@example.com', 'delete', null],
      ['writer@example.com', 'publish', null],
      ['writer@example.com', 'publish', null],
      ['writer@example.com', 'rollback', null],
      ['command line', 'account', null],
      ['command line', 'account', null],
      ['command line', 'two-step', null],
      ['command line', 'account', null],
    ]);
    // Each names what it is about: the file, the release, the account.
    expect(written[0]!.detail).toContain('site/pages/faq.yaml');
    expect(written[4]!.detail).toContain('r1');
    expect(written[4]!.detail).toContain('abcdef012345');
    expect(written[7]!.detail).toContain('new@example.com');
  });
});
