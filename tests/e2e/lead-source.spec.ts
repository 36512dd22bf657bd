// A visitor follows a campaign link from another site to /contact-us and sends the form: the inbox,
// its export and the team's e-mail name the form's page, the campaign and the referring site; with
// JavaScript off, the page and campaign (the referring site is counted as an arrival instead); and
// the conversion view counts the views and the lead.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { createAccount, expectNoAxeViolations, leadRows, parseCsv, signIn, uniqueWord } from './admin';
import { CONVERSION_MAX_ROWS } from '../../contracts/inbox-contract';
import { mailsAbout } from './mail';
import { siteModel, waitForIslands } from './site';

const ACCOUNT = `${uniqueWord('source')}@takedownshield.test`;
const OTHER_SITE = 'http://news.example.test';
const LANDING = '/contact-us?utm_source=newsletter&utm_campaign=november';
// Headless Chromium says so in its user agent, and the view counter leaves robots out: this is a visitor's browser.
const VISITOR_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const today = () => new Date().toISOString().slice(0, 10);

test.use({ userAgent: VISITOR_AGENT });
test.beforeAll(() => createAccount(ACCOUNT));

/** Another site's article linking to the campaign address, as a newsletter's web page would. */
async function arriveFromOtherSite(page: Page, baseURL: string): Promise<void> {
  await page.route(`${OTHER_SITE}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>News</title><p><a href="${baseURL}${LANDING}">Get your copies taken down</a></p>`,
    }),
  );
  await page.goto(`${OTHER_SITE}/story?id=7`);
  await Promise.all([page.waitForURL(`**${LANDING}`), page.getByRole('link', { name: 'Get your copies taken down' }).click()]);
}

async function fillContactForm(page: Page, word: string, email: string): Promise<void> {
  await page.locator('#contact-us-form_name').fill(`Ada ${word}`);
  await page.locator('#contact-us-form_email').fill(email);
  await page.locator('#contact-us-form_inquiryType').selectOption('takedown');
  await page.locator('#contact-us-form_subject').fill(`Copies of my photos ${word}`);
  await page.locator('#contact-us-form_message').fill(`Please take the copies of my photos down. ${word}`);
}

/** The lead's page in the inbox, found by its word, in a browser with JavaScript (the inbox needs it). */
async function openLead(browser: Browser, baseURL: string, word: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
  const page = await context.newPage();
  await signIn(page, ACCOUNT);
  await page.goto(`/admin?q=${word}&page=${encodeURIComponent('/contact-us')}&campaign=november`);
  await expect(leadRows(page)).toHaveCount(1);
  await leadRows(page).first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'Where it came from' })).toBeVisible();
  return { page, close: () => context.close() };
}

/** The "Where it came from" row with this label. */
const sourceRow = (page: Page, label: string) =>
  page.locator('.admin-dl__row', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');

async function exportedRow(page: Page, word: string): Promise<Record<string, string>> {
  // As the inbox's own calls do: the export answers nothing else.
  const answer = await page.request.get(`/admin/api/leads.csv?q=${word}`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  expect(answer.status()).toBe(200);
  const [header, row] = parseCsv(await answer.text());
  return Object.fromEntries(header!.map((h, i) => [h, row![i]!]));
}

/**
 * The team's e-mail, the lead's page in the inbox and the export all name the page and campaign,
 * and the referring site when it is known; resolves with the inbox, left open for more checks.
 */
async function expectSourceShown(browser: Browser, baseURL: string, word: string, referrer: string | null) {
  const { team } = await mailsAbout(`${word}@example.org`);
  for (const line of ['Page: /contact-us', 'Campaign source: newsletter', 'Campaign: november'])
    expect(team.mail.text).toContain(`${line}\n`);
  if (referrer) expect(team.mail.text).toContain(`Referring site: ${referrer}\n`);
  else expect(team.mail.text).not.toContain('Referring site:');

  const inbox = await openLead(browser, baseURL, word);
  await expect(sourceRow(inbox.page, 'Page')).toHaveText('/contact-us');
  await expect(sourceRow(inbox.page, 'Campaign')).toHaveText('newsletter / – / november (source / medium / campaign)');
  await expect(sourceRow(inbox.page, 'Referring site')).toHaveText(referrer ?? 'None known');
  expect(await exportedRow(inbox.page, word)).toMatchObject({
    page: '/contact-us',
    utmSource: 'newsletter',
    utmMedium: '',
    utmCampaign: 'november',
    referrerHost: referrer ?? '',
  });
  return inbox;
}

test.describe('with JavaScript', () => {
  test('the form sends its page, campaign and referring host, and the inbox, export and e-mail show them', async ({
    page,
    browser,
    baseURL,
  }) => {
    const word = uniqueWord('campaign');
    const email = `${word}@example.org`;
    await arriveFromOtherSite(page, baseURL!);
    await waitForIslands(page);
    await fillContactForm(page, word, email);
    const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/contact');
    await page.getByRole('button', { name: siteModel().forms['contact-us']!.buttons!.idle, exact: true }).click();
    const response = await answered;
    expect(response.status()).toBe(201);
    // Only the path with its campaign parameters and the other site's host leave the page.
    expect((response.request().postDataJSON() as Record<string, unknown>)['lead-source']).toEqual({
      page: LANDING,
      referrer: 'news.example.test',
    });

    const inbox = await expectSourceShown(browser, baseURL!, word, 'news.example.test');
    await inbox.close();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form posted by the browser records its page and campaign; the referring site is counted as an arrival', async ({
    page,
    browser,
    baseURL,
  }) => {
    const word = uniqueWord('nojs');
    const email = `${word}@example.org`;
    await arriveFromOtherSite(page, baseURL!);
    await fillContactForm(page, word, email);
    const posted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/contact-us');
    await page.getByRole('button', { name: siteModel().forms['contact-us']!.buttons!.idle, exact: true }).click();
    // The browser names the page, campaign included, in the post's Referer.
    expect(new URL((await posted).headers().referer!).search).toBe('?utm_source=newsletter&utm_campaign=november');
    await expect(page).toHaveURL(/[?&]sent=contact-us/);

    const inbox = await expectSourceShown(browser, baseURL!, word, null);

    // The arrival from the other site is in the conversion view, counted when the page was served.
    await inbox.page.goto(`/admin/conversion?from=${today()}&to=${today()}`);
    const referrers = inbox.page.getByRole('table', { name: 'Arrivals and leads by referring site' });
    await expect(referrers.getByRole('row', { name: /news\.example\.test/ })).toBeVisible({ timeout: 10_000 });
    await inbox.close();
  });
});

test('the conversion view counts the views and leads of the period, draws them, offers a CSV and passes axe', async ({
  page,
  baseURL,
  browser,
}) => {
  // A visit and a lead of its own, so the figures below are known to include at least these.
  const visitor = await browser.newContext({ baseURL, userAgent: VISITOR_AGENT, javaScriptEnabled: false });
  const visit = await visitor.newPage();
  await arriveFromOtherSite(visit, baseURL!);
  const word = uniqueWord('convert');
  await fillContactForm(visit, word, `${word}@example.org`);
  await visit.getByRole('button', { name: siteModel().forms['contact-us']!.buttons!.idle, exact: true }).click();
  await expect(visit).toHaveURL(/[?&]sent=contact-us/);
  await visitor.close();

  await signIn(page, ACCOUNT);
  await page.getByRole('link', { name: 'Conversion' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Conversion' })).toBeVisible();

  // The period's fields, then its button by keyboard.
  await page.getByLabel('From', { exact: true }).fill(today());
  await page.getByLabel('Until', { exact: true }).fill(today());
  // Enter in a field sends the period, as in any form.
  await page.getByLabel('Until', { exact: true }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`from=${today()}&to=${today()}`));

  // Views are added to the store every 200 ms in this run; reload until this visit's view is in.
  const pages = page.getByRole('table', { name: 'Views and leads by page' });
  const contactRow = pages.getByRole('row', { name: /^\/contact-us/ });
  await expect(async () => {
    await page.reload();
    const cells = await contactRow.getByRole('cell').allTextContents();
    expect(Number(cells[0]!.replace(/,/g, ''))).toBeGreaterThanOrEqual(1);
    expect(Number(cells[1]!.replace(/,/g, ''))).toBeGreaterThanOrEqual(1);
  }).toPass({ timeout: 10_000 });
  const campaigns = page.getByRole('table', { name: /by campaign/ });
  await expect(campaigns.getByRole('row', { name: /^newsletter \/ – \/ november/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /Leads per 100 views, by page\. .*\/contact-us: \d/ })).toBeVisible();
  await expect(
    // Matched by case and from the start: a string name matches any letter case, and another form's title differs only in case.
    page
      .getByRole('table', { name: 'Leads by form and status' })
      .getByRole('row', { name: new RegExp(`^${siteModel().forms['contact-us']!.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `) }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'the conversion view');

  const csv = await page.request.get(`/admin/api/conversion.csv?from=${today()}&to=${today()}`);
  expect(csv.headers()['content-disposition']).toContain(`conversion-${today()}-to-${today()}.csv`);
  const rows = parseCsv(await csv.text());
  expect(rows[0]).toEqual(['table', 'name', 'views', 'leads', 'rate', 'new', 'inProgress', 'done', 'spam', 'promised', 'answeredInTime']);
  expect(rows.find((r) => r[0] === 'page' && r[1] === '/contact-us')).toBeDefined();
  expect(rows.find((r) => r[0] === 'campaign' && r[1] === 'newsletter / - / november')).toBeDefined();

  // A page's row leads to its leads in the inbox, for the same period.
  await contactRow.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`page=%2Fcontact-us`));
  await expect(page.getByLabel('Page', { exact: true })).toHaveValue('/contact-us');
});

test('the conversion view shows the campaigns with the most leads and arrivals, and says how many more there are', async ({ page }) => {
  // 201 page answers, then axe over a table of 200 rows: more than the default 30 s on a busy machine.
  test.slow();
  // More distinct campaigns than one table shows, as a campaign spread over many links (or a sender forging them) makes.
  const run = uniqueWord('spread');
  // A few at a time, as several visitors arrive: the server answers one while the next is on its way.
  const campaigns = Array.from({ length: CONVERSION_MAX_ROWS + 1 }, (_, i) => `c${i}`);
  for (let i = 0; i < campaigns.length; i += 4) {
    const answers = await Promise.all(
      campaigns
        .slice(i, i + 4)
        .map((c) => page.request.get(`/pricing?utm_source=${run}&utm_campaign=${c}`, { headers: { 'User-Agent': VISITOR_AGENT } })),
    );
    for (const answer of answers) expect(answer.status()).toBe(200);
  }
  await signIn(page, ACCOUNT);
  const campaignRows = page.getByRole('table', { name: /by campaign/ }).locator('tbody tr');
  await expect(async () => {
    await page.goto(`/admin/conversion?from=${today()}&to=${today()}`);
    await expect(page.getByText(/^\d[\d,]* more campaigns, with fewer leads and views, are not shown/)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(campaignRows).toHaveCount(CONVERSION_MAX_ROWS);
  await expectNoAxeViolations(page, 'the conversion view with more campaigns than it shows');
});
