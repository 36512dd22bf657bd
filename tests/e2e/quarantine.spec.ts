// Spam never costs a lead, in Chromium with script and without: a genuine visitor's lead is sent
// to the team at once; a spam-like one gets the same thanks, waits in Quarantine with its reasons
// and points, and one click on Release sends its e-mails, once. axe finds nothing on these screens.
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { ResolvedFormSection } from '../../engine/content/model';
import { createAccount, expectNoAxeViolations, leadRows, seedLead, signIn, statusLine, uniqueWord } from './admin';
import { mailsAbout, sentMails, type SentMail } from './mail';
import { siteModel, waitForIslands } from './site';
import { INBOX_VIEWS } from '../../contracts/inbox-contract';
import Database from 'better-sqlite3';
import { join } from 'node:path';

type FieldSchema = { oneOf?: Array<{ const: string }>; enum?: string[]; format?: string };

const ACCOUNT = `${uniqueWord('quarantine')}@takedownshield.test`;
const STORE = join(process.env.E2E_OUTPUT ?? 'test-results', 'e2e-data', 'leads.sqlite');
const SUCCESS_DEFAULT = 'Form submitted successfully.';
const QUARANTINE = INBOX_VIEWS.find((v) => v.id === 'quarantine')!;

const { path, form } = siteModel()
  .pages.flatMap((p) =>
    p.sections.filter((s): s is ResolvedFormSection => s.type === 'form').map((s) => ({ path: p.path!, form: s.definition })),
  )
  .find((f) => f.form.id === 'contact')!;

let created = false;
test.beforeAll(async () => {
  if (created) return;
  await createAccount(ACCOUNT);
  created = true;
});

const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.org`;

/** The visitor's message: a takedown request, or one carrying three of the team's listed words and six web addresses. */
function messageOf(spam: boolean, marker: string): string {
  if (!spam) return `Someone copied my photographs (reference ${marker}) to https://copies.example.net/gallery without asking.`;
  const words = siteModel().spamWords.slice(0, 3);
  expect(words, 'site/data/spam-words.yaml lists at least three words').toHaveLength(3);
  const links = Array.from({ length: 6 }, (_, i) => `https://offers.example.net/${i}`).join(' ');
  return `Reference ${marker}: ${words.join(', ')}. ${links}`;
}

/** Fills and sends the contact form as a visitor; resolves once the form says it was sent. */
async function send(visitor: Page, email: string, message: string, withScript: boolean): Promise<void> {
  await visitor.goto(path);
  if (withScript) await waitForIslands(visitor);
  const properties = form.fields.properties as Record<string, FieldSchema>;
  for (const name of (form.fields as { required?: string[] }).required ?? []) {
    const schema = properties[name] ?? {};
    const input = visitor.locator(`[id="${form.id}-form_${name}"]`);
    const options = schema.oneOf?.map((o) => o.const) ?? schema.enum;
    if (options) await input.selectOption(options[0]!);
    else await input.fill(name === 'email' ? email : name === 'message' ? message : `Visitor ${name}`);
  }
  await visitor.locator(`form:has([id="${form.id}-form_email"])`).getByRole('button', { name: form.buttons.idle }).click();
  await expect(visitor.getByText(form.result.success.text ?? SUCCESS_DEFAULT)).toBeVisible();
}

/** Every e-mail the site sent about the lead from `address`: to the team (its Reply-To) or to the visitor. */
async function mailsFor(address: string): Promise<SentMail[]> {
  return (await sentMails()).filter((m) => m.envelopeTo.includes(address) || m.mail.replyTo?.value.some((a) => a.address === address));
}

/**
 * What the store holds for the lead from `address`, read from the server's SQLite file: whether the
 * lead is there, and the e-mails queued for it that are not sent yet. Nothing waiting means nothing
 * more will be sent, so a test can say so at once instead of waiting a while for mail that never comes.
 */
function queuedFor(address: string): { leads: number; queued: number; waiting: number } {
  const db = new Database(STORE, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        `SELECT COUNT(DISTINCT l.id) AS leads, COUNT(o.id) AS queued, COUNT(CASE WHEN o.status = 'pending' THEN 1 END) AS waiting
         FROM leads l LEFT JOIN outbox o ON o.lead_id = l.id WHERE json_extract(l.payload, '$.email') = ?`,
      )
      .get(address) as { leads: number; queued: number; waiting: number };
  } finally {
    db.close();
  }
}

/** Once nothing about the lead from `address` waits to be sent (a job is done once its mail was accepted), the site has sent `count` e-mails about it. */
async function expectAllSent(address: string, count: number): Promise<void> {
  await expect
    .poll(() => queuedFor(address), { message: 'no e-mail about the lead waits to be sent', intervals: [50] })
    .toMatchObject({
      leads: 1,
      waiting: 0,
    });
  expect(await mailsFor(address)).toHaveLength(count);
}

async function scenario(browser: Browser, page: Page, withScript: boolean) {
  // Two visitors' sends, a sign-in, three axe runs and a release: past the default 30 s on a busy machine.
  test.slow();
  const marker = uniqueWord(withScript ? 'held' : 'heldplain');
  const visitorContext = await browser.newContext({ javaScriptEnabled: withScript, baseURL: test.info().project.use.baseURL });
  const visitor = await visitorContext.newPage();
  const genuine = uniqueEmail('genuine');
  const spammer = uniqueEmail('spammer');
  await send(visitor, genuine, messageOf(false, marker), withScript);
  await send(visitor, spammer, messageOf(true, marker), withScript);
  await visitorContext.close();

  // The genuine lead is told at once; the held one has nothing queued (its e-mails wait in its own row), so nothing is sent.
  await mailsAbout(genuine);
  expect(queuedFor(spammer), 'nothing is queued for a quarantined lead').toEqual({ leads: 1, queued: 0, waiting: 0 });
  expect(await mailsFor(spammer), 'nothing is sent about a quarantined lead').toEqual([]);

  await signIn(page, ACCOUNT, undefined, `/admin/?q=${marker}`);
  await expect(leadRows(page)).toHaveCount(1);
  await page
    .getByRole('navigation', { name: 'Saved views' })
    .getByRole('link', { name: new RegExp(`^${QUARANTINE.label}`) })
    .click();
  await expect(page).toHaveURL(/quarantine=only/);
  const row = leadRows(page).filter({ hasText: spammer });
  await expect(row).toHaveCount(1);
  await expectNoAxeViolations(page, 'the Quarantine view');

  await row.getByRole('link').click();
  const held = page.getByRole('region', { name: 'In quarantine' });
  await expect(held).toBeVisible();
  // Each reason with its points: the listed words (three, 2 each) and the addresses past the third.
  const reasons = held.getByRole('table').getByRole('row');
  await expect(reasons.filter({ hasText: siteModel().spamWords[0]! }).getByRole('cell').last()).toHaveText('6');
  await expect(reasons.filter({ hasText: '6 web addresses' }).getByRole('cell').last()).toHaveText('3');
  await expectNoAxeViolations(page, 'a quarantined lead');

  await held.getByRole('button', { name: 'Release' }).click();
  await expect(page.getByRole('region', { name: 'In quarantine' })).toHaveCount(0);
  const { team, autoReply } = await mailsAbout(spammer);
  expect(team.envelopeTo).toEqual(['team@takedownshield.test']);
  expect(autoReply.envelopeTo).toEqual([spammer]);
  await expectNoAxeViolations(page, 'a released lead');
  // A second click (the page reloaded on an old copy) sends nothing more.
  const again = await page.request.post(`/admin/api/leads/${page.url().split('/leads/')[1]}/release`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(again.status()).toBe(409);
  await expectAllSent(spammer, 2);
}

test('with script: a genuine lead is sent at once, a spam-like one waits in Quarantine and one click releases it, once', async ({
  browser,
  page,
}) => {
  await scenario(browser, page, true);
});

test('without script: the same, through the form posted to its page', async ({ browser, page }) => {
  await scenario(browser, page, false);
});

test('the bulk bar releases the checked leads of the Quarantine view, each sent once', async ({ page, request }) => {
  const marker = uniqueWord('bulkheld');
  const people = ['Bulk Held A', 'Bulk Held B'].map((name) => ({ name, email: uniqueEmail('bulk') }));
  for (const { name, email } of people) await seedLead(request, { name, email, subject: 'Offer', message: messageOf(true, marker) });
  await signIn(page, ACCOUNT, undefined, `/admin/?${QUARANTINE.params}&q=${marker}`);
  await expect(leadRows(page)).toHaveCount(2);
  for (const { name } of people) await page.getByRole('checkbox', { name: `Select the lead from ${name}` }).check();
  await expectNoAxeViolations(page, 'the Quarantine view with leads checked');
  await page.getByRole('region', { name: 'Change the checked leads' }).getByRole('button', { name: 'Release' }).click();
  await expect(statusLine(page)).toContainText('2 leads released');
  for (const { email } of people) await mailsAbout(email);
  for (const { email } of people) await expectAllSent(email, 2);
});

/** The Quarantine view's line on the spam filter: the spam and not-spam marks it has seen. */
async function marksSeen(page: Page): Promise<{ spam: number; notSpam: number }> {
  await page.goto(`/admin/?${QUARANTINE.params}`);
  const line = page.getByTestId('spam-filter-marks');
  await expect(line).toBeVisible();
  const [, spam, notSpam] = /(\d+) spam \/ (\d+) not spam/.exec((await line.textContent()) ?? '') ?? [];
  expect(spam, 'the line says how many marks of each kind').toBeDefined();
  return { spam: Number(spam), notSpam: Number(notSpam) };
}

test('"Spam" and "Not spam" teach the spam filter: the Quarantine view counts the marks, a held lead shows its advice', async ({
  page,
  request,
}) => {
  const marker = uniqueWord('taught');
  const spamId = await seedLead(request, {
    name: 'Taught Spam',
    email: uniqueEmail('taught'),
    subject: 'Offer',
    message: messageOf(true, marker),
  });
  const genuineId = await seedLead(request, {
    name: 'Taught Genuine',
    email: uniqueEmail('taught'),
    subject: 'Copies',
    message: messageOf(false, marker),
  });
  await signIn(page, ACCOUNT, undefined, `/admin/?${QUARANTINE.params}`);
  const before = await marksSeen(page);
  await expectNoAxeViolations(page, 'the Quarantine view with the spam filter line');

  // Other specs mark leads meanwhile; a mark only ever adds to the total or moves one between the kinds.
  await page.goto(`/admin/leads/${spamId}`);
  await page.getByRole('button', { name: 'Mark as spam' }).click();
  await expect(statusLine(page)).toHaveText('Marked as spam.');
  const afterSpam = await marksSeen(page);
  expect(afterSpam.spam + afterSpam.notSpam).toBeGreaterThanOrEqual(before.spam + before.notSpam + 1);

  await page.goto(`/admin/leads/${genuineId}`);
  await page.getByRole('button', { name: 'Mark as spam' }).click();
  await expect(statusLine(page)).toHaveText('Marked as spam.');
  await page.getByRole('button', { name: 'Not spam' }).click();
  await expect(statusLine(page)).toHaveText('Marked as not spam.');
  const afterNotSpam = await marksSeen(page);
  expect(afterNotSpam.notSpam).toBeGreaterThanOrEqual(afterSpam.notSpam + 1);
  expect(afterNotSpam.spam + afterNotSpam.notSpam).toBeGreaterThanOrEqual(afterSpam.spam + afterSpam.notSpam + 1);

  // The next lead like the first is held with the filter's opinion among its reasons: advice, 0 points, in this run's store.
  const nextId = await seedLead(request, {
    name: 'Taught Again',
    email: uniqueEmail('taught'),
    subject: 'Offer',
    message: messageOf(true, marker),
  });
  await page.goto(`/admin/leads/${nextId}`);
  const held = page.getByRole('region', { name: 'In quarantine' });
  const advice = held.getByRole('table').getByRole('row').filter({ hasText: 'advisory' });
  await expect(advice).toHaveCount(1);
  await expect(advice).toContainText('likely spam');
  await expect(advice.getByRole('cell').last()).toHaveText('0 (advice)');
  await expectNoAxeViolations(page, 'a held lead with the spam filter’s advice');
});
