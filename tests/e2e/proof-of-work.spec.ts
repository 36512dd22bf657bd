// A doubtful (grey) message, in Chromium with script and without: with script the browser solves
// the server's proof-of-work challenge with nothing for the visitor to do, the form says it is
// sending meanwhile (axe finds nothing on it), the visitor is thanked and the lead reaches the
// inbox, not Quarantine; no request leaves the site's origin. Without script the same message is
// thanked too and waits in Quarantine, saying no script ran the step; so does one whose browser
// could not run the solver.
import { expect, test, type Browser, type Page, type Request } from '@playwright/test';
import type { ResolvedFormSection } from '../../engine/content/model';
import { formCardId } from '../../engine/forms/form-post';
import { HEADERS, PROOF_OF_WORK_STATUS, PROOF_UNSOLVED } from '../../contracts/api-contract';
import { INBOX_VIEWS } from '../../contracts/inbox-contract';
import { createAccount, expectNoAxeViolations, leadRows, signIn, uniqueWord } from './admin';
import { axeBuilder } from './axe';
import { siteModel, waitForIslands } from './site';

type FieldSchema = { oneOf?: Array<{ const: string }>; enum?: string[] };

const ACCOUNT = `${uniqueWord('pow')}@takedownshield.test`;
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

/**
 * Grey with the e2e server's settings (default weights, SPAM_QUARANTINE_SCORE 5, SPAM_CHALLENGE_SCORE 3):
 * one of the team's listed words (2 points) and four web addresses, one past the three that are usual (1 point).
 */
function greyMessage(marker: string): string {
  const links = Array.from({ length: 4 }, (_, i) => `https://pages.example.net/${marker}/${i}`).join(' ');
  return `Reference ${marker}: ${siteModel().spamWords[0]} ${links}`;
}

async function fill(visitor: Page, email: string, message: string): Promise<void> {
  const properties = form.fields.properties as Record<string, FieldSchema>;
  for (const name of (form.fields as { required?: string[] }).required ?? []) {
    const schema = properties[name] ?? {};
    const input = visitor.locator(`[id="${form.id}-form_${name}"]`);
    const options = schema.oneOf?.map((o) => o.const) ?? schema.enum;
    if (options) await input.selectOption(options[0]!);
    else await input.fill(name === 'email' ? email : name === 'message' ? message : `Visitor ${name}`);
  }
}

const sendButton = (visitor: Page) => visitor.locator(`form:has([id="${form.id}-form_email"])`).getByRole('button').last();

async function visitorPage(browser: Browser, withScript: boolean) {
  const baseURL = test.info().project.use.baseURL!;
  const context = await browser.newContext({ javaScriptEnabled: withScript, baseURL });
  const visitor = await context.newPage();
  const requests: Request[] = [];
  visitor.on('request', (r) => requests.push(r));
  const elsewhere = () =>
    requests
      .map((r) => r.url())
      .filter((u) => !u.startsWith('data:') && !u.startsWith('blob:') && new URL(u).origin !== new URL(baseURL).origin);
  return { context, visitor, requests, elsewhere };
}

/** The list's status line: it says how many leads it holds once it has loaded. */
const listSummary = (page: Page) => page.locator('p.admin-summary');

/** The inbox's list of leads found by `marker`: the inbox itself, or its Quarantine view. Signs in on the first visit. */
async function openList(page: Page, marker: string, view: 'inbox' | 'quarantine') {
  const params = view === 'quarantine' ? `${QUARANTINE.params}&q=${marker}` : `q=${marker}`;
  if (page.url().includes('/admin')) await page.goto(`/admin/?${params}`);
  else await signIn(page, ACCOUNT, undefined, `/admin/?${params}`);
}

test('with script: the browser solves the step unasked, the visitor is thanked and the lead is in the inbox, not Quarantine', async ({
  browser,
  page,
}) => {
  const marker = uniqueWord('powjs');
  const { context, visitor, requests, elsewhere } = await visitorPage(browser, true);
  await visitor.goto(path);
  await waitForIslands(visitor);
  await fill(visitor, `${marker}@example.org`, greyMessage(marker));

  // The answered request is held until axe has looked at the form in its sending state.
  let checked!: () => void;
  const axeDone = new Promise<void>((resolve) => (checked = resolve));
  await visitor.route('**/api/contact', async (route) => {
    if (route.request().headers()[HEADERS.proofOfWork.toLowerCase()]) await axeDone;
    await route.continue();
  });
  const challenged = visitor.waitForResponse((r) => r.url().endsWith('/api/contact') && r.status() === PROOF_OF_WORK_STATUS);
  const answered = visitor.waitForRequest(
    (r) => r.url().endsWith('/api/contact') && r.headers()[HEADERS.proofOfWork.toLowerCase()] !== undefined,
  );
  // The solver is not part of the form's code: it loads when a challenge arrives.
  const solverLoads = () => requests.filter((r) => /\/(proof-of-work|pow-worker)-[^/]*\.js$/.test(r.url())).length;
  expect(solverLoads(), 'no solver before a challenge').toBe(0);
  await sendButton(visitor).click();
  await challenged;
  await expect(sendButton(visitor)).toHaveText(form.buttons.sending);
  const solvedAt = await answered;
  expect(solvedAt.headers()[HEADERS.proofOfWork.toLowerCase()], 'the browser solved the challenge').not.toBe('unsolved');
  await expect(sendButton(visitor)).toHaveText(form.buttons.sending);
  const { violations } = await axeBuilder(visitor)
    .include(`#${formCardId(form.id)}`)
    .analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.help}`),
    'axe on the form while it is sending',
  ).toEqual([]);
  checked();

  await expect(visitor.getByText(form.result.success.text ?? SUCCESS_DEFAULT)).toBeVisible();
  expect(solverLoads(), 'the solver and its worker, from the site').toBe(2);
  expect(elsewhere(), 'no request leaves the site').toEqual([]);
  expect(requests.filter((r) => r.url().endsWith('/api/contact')).map((r) => r.method())).toEqual(['POST', 'POST']);
  await context.close();

  await openList(page, marker, 'inbox');
  await expect(leadRows(page)).toHaveCount(1);
  // The lead shows the team what the checks found, the passed step among them.
  await leadRows(page).getByRole('link').first().click();
  const checks = page.getByRole('region', { name: 'Spam checks' });
  await expect(checks.getByRole('table')).toContainText('passed');
  await expectNoAxeViolations(page, 'a lead let through with its spam checks');
  await openList(page, marker, 'quarantine');
  await expect(listSummary(page)).toHaveText(/^No leads/);
  await expect(leadRows(page)).toHaveCount(0);
});

test('without script: the same message is thanked and waits in Quarantine, saying no script ran the step', async ({ browser, page }) => {
  const marker = uniqueWord('pownojs');
  const { context, visitor, elsewhere } = await visitorPage(browser, false);
  await visitor.goto(path);
  await fill(visitor, `${marker}@example.org`, greyMessage(marker));
  await sendButton(visitor).click();
  await expect(visitor.getByText(form.result.success.text ?? SUCCESS_DEFAULT)).toBeVisible();
  expect(elsewhere(), 'no request leaves the site').toEqual([]);
  await context.close();

  await openList(page, marker, 'inbox');
  await expect(listSummary(page)).toHaveText(/^No leads/);
  await expect(leadRows(page)).toHaveCount(0);
  await openList(page, marker, 'quarantine');
  await expect(leadRows(page)).toHaveCount(1);
  await leadRows(page).getByRole('link').first().click();
  const held = page.getByRole('region', { name: 'In quarantine' });
  await expect(held.getByRole('table')).toContainText('without script');
});

test('with script, when the solver cannot run: the visitor is still thanked and the lead waits in Quarantine, saying so', async ({
  browser,
  page,
}) => {
  const marker = uniqueWord('powfail');
  const { context, visitor, elsewhere } = await visitorPage(browser, true);
  // The worker's script never arrives, as when a network or an extension blocks it.
  await visitor.route(/\/pow-worker-[^/]*\.js$/, (route) => route.abort());
  await visitor.goto(path);
  await waitForIslands(visitor);
  await fill(visitor, `${marker}@example.org`, greyMessage(marker));
  const answered = visitor.waitForRequest(
    (r) => r.url().endsWith('/api/contact') && r.headers()[HEADERS.proofOfWork.toLowerCase()] !== undefined,
  );
  await sendButton(visitor).click();
  expect((await answered).headers()[HEADERS.proofOfWork.toLowerCase()]).toBe(PROOF_UNSOLVED);
  await expect(visitor.getByText(form.result.success.text ?? SUCCESS_DEFAULT)).toBeVisible();
  expect(elsewhere(), 'no request leaves the site').toEqual([]);
  await context.close();

  await openList(page, marker, 'quarantine');
  await expect(leadRows(page)).toHaveCount(1);
  await leadRows(page).getByRole('link').first().click();
  await expect(page.getByRole('region', { name: 'In quarantine' }).getByRole('table')).toContainText('could not finish');
});
