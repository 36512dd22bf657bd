// Every one of the site's forms, filled in and sent in Chromium on every page that shows it: the
// team gets an e-mail about the lead (labelled as the form labels its fields, answering to the
// visitor), and the visitor gets the form's own auto-reply, which repeats nothing they typed.
// The same load and send show that the page asks no other host: the page, its scripts and styles,
// its images, and the submission with whatever the spam defences add to it all go to the site's own
// origin; no third-party script, font, captcha or check is asked anything about a visitor.
import { expect, test, type Page, type Request } from '@playwright/test';
import type { Form, ResolvedFormSection } from '../../engine/content/model';
import { mailsAbout } from './mail';
import { fillNotice, isNoticeForm, noticeAnswers } from './notice';
import { elsewhere, recordRequests } from './other-hosts';
import { siteModel, waitForIslands } from './site';

type FieldSchema = {
  type?: string;
  title?: string;
  oneOf?: Array<{ const: string; title?: string }>;
  enum?: string[];
  minLength?: number;
  pattern?: string;
  format?: string;
};

/** Every page with a form, once per form it shows. */
const formPages = siteModel().pages.flatMap((p) =>
  p.sections.filter((s): s is ResolvedFormSection => s.type === 'form').map((s) => ({ path: p.path!, form: s.definition })),
);

/** Where each form is shown: every page with a form section naming it. */
function pagesOf(formId: string): string[] {
  const paths = formPages.filter((f) => f.form.id === formId).map((f) => f.path);
  if (!paths.length) throw new Error(`no page shows the form ${formId}`);
  return paths;
}

/** A valid answer for a field, from its schema: an option, an address, a link, or text long enough. */
function answerFor(name: string, schema: FieldSchema, email: string): string {
  const options = schema.oneOf?.map((o) => o.const) ?? schema.enum;
  if (options) return options[0]!;
  if (name === 'email' || schema.format === 'email') return email;
  if (/url/i.test(name) || schema.format === 'uri' || /https\?/.test(schema.pattern ?? '')) return 'https://copies.example.net/gallery/42';
  const text = `Answer for ${schema.title ?? name}, sent from the browser test`;
  return text.padEnd(Math.max(schema.minLength ?? 0, text.length), '.');
}

async function fill(page: Page, form: Form, email: string): Promise<Record<string, string>> {
  // A takedown notice has checkboxes to tick and an address list: filled as a visitor signs one.
  if (isNoticeForm(form)) {
    const answers = noticeAnswers(form, email);
    await fillNotice(page, form, answers);
    return answers;
  }
  const properties = form.fields.properties as Record<string, FieldSchema>;
  const hidden = new Set(
    Object.entries((form.ui ?? {}) as Record<string, { 'ui:widget'?: string }>)
      .filter(([, ui]) => ui?.['ui:widget'] === 'hidden')
      .map(([k]) => k),
  );
  const given: Record<string, string> = {};
  for (const name of (form.fields as { required?: string[] }).required ?? []) {
    if (hidden.has(name)) continue;
    const value = answerFor(name, properties[name] ?? {}, email);
    const input = page.locator(`#${form.id}-form_${name}`);
    if ((await input.evaluate((el) => el.tagName)) === 'SELECT') await input.selectOption(value);
    else await input.fill(value);
    given[name] = value;
  }
  if (!given.email) {
    await page.locator(`#${form.id}-form_email`).fill(email);
    given.email = email;
  }
  return given;
}

/** The values a form sent: its JSON body, or the JSON `values` part of a form with files (sent as multipart). */
function sentValues(request: Request): Record<string, string> {
  if (!(request.headers()['content-type'] ?? '').startsWith('multipart/form-data')) return request.postDataJSON() as Record<string, string>;
  const part = (request.postData() ?? '').split(/\r?\n--/).find((p) => /name="values"/.test(p)) ?? '';
  return JSON.parse(part.slice(part.search(/\r?\n\r?\n/)).trim()) as Record<string, string>;
}

for (const form of Object.values(siteModel().forms).sort((a, b) => a.id.localeCompare(b.id))) {
  test(`${form.id}: a sent form e-mails the team about the lead and auto-replies to the visitor, and each page showing it asks no other host`, async ({
    page,
    baseURL,
  }) => {
    page.on('dialog', (dialog) => void dialog.accept());
    const origin = new URL(baseURL!).origin;
    const requests = recordRequests(page);
    for (const path of pagesOf(form.id)) {
      await test.step(path, async () => {
        const first = requests.length;
        await page.goto(path);
        await waitForIslands(page);
        const email = `${form.id}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.org`;
        const given = await fill(page, form, email);
        const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === form.submit.endpoint);
        await page.locator(`form:has(#${form.id}-form_email) button[type="submit"]`).click();
        const response = await answered;
        expect(response.status()).toBe(201);
        const sent = sentValues(response.request());

        // While the e-mails arrive, anything the answer sets off (a download, a follow-up request) has its chance to start.
        const [{ team, autoReply }] = await Promise.all([mailsAbout(email), page.waitForLoadState('networkidle')]);
        expect(team.envelopeTo).toEqual(['team@takedownshield.test']);
        // A form with an urgency puts it in front of the subject, as the visitor chose it.
        const urgency = (form.fields.properties as Record<string, FieldSchema>).urgency;
        const chosen = urgency?.oneOf?.find((o) => o.const === sent.urgency)?.title ?? sent.urgency;
        // site/notifications.yaml gives the takedown forms subjects of their own; the rest get the default.
        const subjects: Record<string, string> = {
          'commercial-takedown': `Commercial takedown request from ${sent.companyName}`,
          'personal-takedown': `Takedown request from ${sent.contactName}`,
        };
        expect(team.mail.subject).toBe(`${chosen ? `[${chosen}] ` : ''}${subjects[form.id] ?? `New lead: ${form.title}`}`);
        expect(team.mail.text).toContain(`Form: ${form.title} (${form.id})`);
        const emailLabel = (form.fields.properties as Record<string, FieldSchema>).email?.title ?? 'Email';
        expect(team.mail.text).toContain(`${emailLabel}: ${email}`);

        expect(autoReply.mail.subject).toBe(form.autoReply!.subject);
        expect(autoReply.mail.text?.trim()).toBe(form.autoReply!.text.trim());
        for (const [name, value] of Object.entries(given)) {
          if (name !== 'email' && value.length > 12) expect(autoReply.mail.text, `${name} is not repeated`).not.toContain(value);
        }

        // The whole journey, from the page's load to the send and what followed it, stayed on the site's own origin.
        const seen = requests.slice(first);
        expect(seen.filter((url) => new URL(url).pathname === form.submit.endpoint).length).toBeGreaterThan(0);
        expect(seen.length).toBeGreaterThan(1);
        expect(elsewhere(seen, origin)).toEqual([]);
      });
    }
  });
}
