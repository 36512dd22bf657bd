// A link written in an FAQ answer is checked by npm run check-links like every other link, and a
// broken one is reported where the answer declares it (in this process; content-commands runs
// check-links as a process too).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { contentCopyPerTest } from '../../support/content-copy';

vi.setConfig({ testTimeout: 60_000 });

const { run, edit, root } = contentCopyPerTest();
const FILE = 'site/faq/pricing-questions.yaml';

describe('links in FAQ answers and npm run check-links', () => {
  it('fails on a broken link in an answer and names the line and column of its address', () => {
    edit(FILE, (t) => t.replace('](/contact)', '](/contactt)'));
    const lines = readFileSync(join(root(), FILE), 'utf8').split('\n');
    const line = lines.findIndex((l) => l.includes('(/contactt)')) + 1;
    const column = lines[line - 1]!.indexOf('/contactt') + 1;
    expect(line).toBeGreaterThan(0);
    const r = run('check-links.ts');
    expect(r.code).toBe(1);
    expect(r.err).toContain('/contactt — no page at /contactt');
    expect(r.err).toContain(`declared at ${FILE}:${line}:${column}`);
  });

  it('fails on an answer linking to an anchor the page does not have', () => {
    edit(FILE, (t) => t.replace('(/terms#payment-terms)', '(/terms#payment-termz)'));
    const r = run('check-links.ts');
    expect(r.code).toBe(1);
    expect(r.err).toContain('/terms has no element with id "payment-termz"');
  });
});
