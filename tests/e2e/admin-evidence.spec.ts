// A takedown request's evidence files in the inbox: listed on the lead's page with the hash the
// team checks, downloaded as a file (never opened), and the page stays free of axe violations.
// The files are put in the server's store beside a lead sent through the API.
import { expect, test } from '@playwright/test';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createSqliteStore } from '../../server/store/sqlite';
import { createAccount, expectNoAxeViolations, leadRows, seedLead, signIn, uniqueWord } from './admin';
import { e2eDataDir } from './content-root';

const ACCOUNT = `${uniqueWord('evidence')}@takedownshield.test`;
const WORD = uniqueWord('evidence');
const STORE = join(e2eDataDir(resolve(process.env.E2E_OUTPUT ?? 'test-results')), 'leads.sqlite');

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2048, 7)]);
const pdf = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

test.beforeAll(() => createAccount(ACCOUNT));

test('the lead lists its evidence files with their SHA-256, downloads one as a file, and has no axe violations', async ({
  page,
  request,
}) => {
  const id = await seedLead(request, {
    name: 'Evidence Sender',
    email: `${WORD}@example.org`,
    subject: 'Copies of my photos',
    message: `Screenshots attached, ${WORD}.`,
  });
  const store = createSqliteStore({ file: STORE });
  await store.init();
  try {
    await store.evidence.saveEvidence(id, [
      { position: 1, fileName: 'screenshot of the copy.png', mediaType: 'image/png', bytes: png },
      { position: 2, fileName: 'registration.pdf', mediaType: 'application/pdf', bytes: pdf },
    ]);
  } finally {
    await store.close();
  }

  await signIn(page, ACCOUNT, undefined, `/admin/?q=${WORD}`);
  await expect(leadRows(page)).toHaveCount(1);
  await leadRows(page).first().getByRole('link', { name: 'Evidence Sender' }).click();
  const section = page.getByRole('region', { name: 'Evidence files' });
  await expect(section).toBeVisible();
  const rows = section.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('screenshot of the copy.png');
  await expect(rows.nth(0)).toContainText(sha256(png));
  await expect(rows.nth(1)).toContainText('registration.pdf');
  await expect(rows.nth(1)).toContainText(sha256(pdf));
  await expectNoAxeViolations(page, 'the lead with evidence files');

  const [download] = await Promise.all([page.waitForEvent('download'), rows.nth(1).getByRole('link', { name: 'Download file 2' }).click()]);
  expect(download.suggestedFilename()).toBe('evidence-2.pdf');
  expect(sha256(readFileSync((await download.path())!))).toBe(sha256(pdf));
  // Still on the lead: the file was saved, not opened.
  await expect(section).toBeVisible();
});
