// Links, bold and italic written in an FAQ answer are a working link and emphasis on the public page,
// with JavaScript on and off; the page passes axe with the answer open.
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, siteModel } from './site';

/** The first answer of the site with a Markdown link in it, where a page shows it, and its link. */
function answerWithLink() {
  const model = siteModel();
  for (const page of model.pages)
    for (const section of page.sections) {
      if (section.type !== 'faq' || section.display === 'cards') continue;
      for (const q of section.questions) {
        const link = /\[([^\]]+)\]\((\/[^)\s]*)\)/.exec(q.answer);
        const bold = /\*\*([^*]+)\*\*/.exec(q.answer);
        if (link) return { path: page.path!, id: q.id, question: q.question, words: link[1]!, href: link[2]!, bold: bold?.[1] };
      }
    }
  throw new Error('No FAQ answer of the site has a link: this test needs one.');
}

async function openAnswer(page: Page) {
  const found = answerWithLink();
  await page.goto(`${found.path}#${found.id}`);
  const panel = page.locator(`[id="${found.id}"]`);
  await expect(panel).toBeVisible();
  return { found, panel };
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('an FAQ answer with a link shows a working link, and its bold words in bold', async ({ page }) => {
      const { found, panel } = await openAnswer(page);
      const link = panel.getByRole('link', { name: found.words, exact: true });
      await expect(link).toHaveAttribute('href', found.href);
      // The Markdown marks are not shown as typed.
      await expect(panel).not.toContainText('](');
      await expect(panel).not.toContainText('**');
      const target = siteModel().pages.find((p) => p.path === found.href.split('#')[0]);
      expect(target, `${found.href} is a page of the site`).toBeDefined();
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${found.href.split('#')[0]}(#.*)?$`));
      await expect(page).toHaveTitle(new RegExp(target!.meta.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    });
  });
}

test('bold in an answer is strong emphasis, and the page with the answer open passes axe', async ({ page }) => {
  const model = siteModel();
  const withBold = model.pages
    .flatMap((p) =>
      p.sections.flatMap((s) => (s.type === 'faq' && s.display !== 'cards' ? s.questions.map((q) => ({ path: p.path!, q })) : [])),
    )
    .find(({ q }) => /\*\*[^*]+\*\*/.test(q.answer));
  expect(withBold, 'an answer of the site has bold words').toBeDefined();
  const words = /\*\*([^*]+)\*\*/.exec(withBold!.q.answer)![1]!;
  await page.goto(`${withBold!.path}#${withBold!.q.id}`);
  const panel = page.locator(`[id="${withBold!.q.id}"]`);
  await expect(panel.locator('strong')).toHaveText(words);
  expect(await axeViolations(page)).toEqual([]);
});
