// A complete takedown notice (a form whose payload is "notice") filled in as a visitor does: values
// its rules accept, read from the site model, and its checkboxes ticked. Shared by the specs that
// send every form of the site and by takedown-notice.spec.ts.
import type { Page } from '@playwright/test';
import type { Form } from '../../engine/content/model';
import { ADDRESS_FIELD, isNoticeForm } from '../../engine/notices/notice-form';

export { isNoticeForm };

type Choices = { oneOf?: Array<{ const: string }> };

/** The text fields of a valid notice, for `email`, with `urls` as its address list. */
export function noticeAnswers(form: Form, email: string, urls = 'https://copies.example/page'): Record<string, string> {
  const properties = form.fields.properties as Record<string, Choices>;
  return {
    requesterName: 'Riverside Press LLC',
    email,
    telephone: '+1 503 555 0100',
    postalAddress: '12 Quay Street, Portland, OR 97201, USA',
    workDescription: 'The novel Salt Roads (2024), all 31 chapters and its cover art.',
    workKind: properties.workKind!.oneOf![0]!.const,
    authorisedCopy: 'https://riverside.example/salt-roads',
    [ADDRESS_FIELD]: urls,
    fullName: 'Dana Q. Writer',
    authority: 'Licensing manager of Riverside Press',
  };
}

const field = (page: Page, form: Form, name: string) => page.locator(`[id="${form.id}-form_${name}"]`);

/** Fills the notice's text fields, signs as someone authorised, and ticks both statements (and Lumen). */
export async function fillNotice(page: Page, form: Form, answers: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(answers)) {
    if (name === 'workKind') await field(page, form, name).selectOption(value);
    else await field(page, form, name).fill(value);
  }
  // The second capacity: acting for the owner, with the authority typed above.
  await page.locator(`[id="${form.id}-form_capacity-1"]`).check();
  for (const box of ['goodFaith', 'accuracy', 'lumenConsent']) await field(page, form, box).check();
}
