// The content editor's preview in Chromium: the page a draft makes, shown in a sandboxed frame as
// the admin app shows it, with what a writer typed as text and no script run; and the editor's API
// closed to an account without the content role.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { EDITOR_ROUTES, type EditableFile, type SaveAnswer } from '../../contracts/editor-contract';
import { ADMIN_ROUTES } from '../../contracts/inbox-contract';
import { PASSWORD } from './admin';
import { editorAccount, leadsAccount } from './editor';

const JSON_CHANGE = { 'X-Requested-With': 'XMLHttpRequest' };

async function signIn(request: APIRequestContext, email: string): Promise<void> {
  const res = await request.post(ADMIN_ROUTES.signIn, { headers: JSON_CHANGE, data: { email, password: PASSWORD } });
  expect(res.status()).toBe(204);
}

test.describe('the content editor’s preview', () => {
  let writer = '';
  let reader = '';
  test.beforeAll(async () => {
    writer = await editorAccount('writer');
    reader = await leadsAccount();
  });

  test('shows a script typed into a title as text, runs none, and marks each section', async ({ page, request }) => {
    await signIn(request, writer);
    const file = (await (await request.get(`${EDITOR_ROUTES.file}?path=site/pages/privacy.yaml`)).json()) as EditableFile;
    const data = structuredClone(file.data) as { sections: Array<Record<string, unknown>> };
    data.sections[0]!.title = '<script>alert("typed")</script><img src=x onerror=alert(2)> Privacy';
    const res = await request.post(EDITOR_ROUTES.preview, { headers: JSON_CHANGE, data: { path: file.path, data } });
    expect(res.status()).toBe(200);
    const html = await res.text();

    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto('/');
    // As the admin app shows it: a frame with no permission to run script, filled from the answer.
    await page.evaluate((srcdoc) => {
      const frame = document.createElement('iframe');
      frame.setAttribute('sandbox', '');
      frame.title = 'Preview';
      frame.srcdoc = srcdoc;
      frame.style.width = '1024px';
      frame.style.height = '800px';
      document.body.prepend(frame);
    }, html);
    const preview = page.frameLocator('iframe[title="Preview"]');
    await expect(preview.getByRole('heading', { level: 1 })).toHaveText(
      '<script>alert("typed")</script><img src=x onerror=alert(2)> Privacy',
    );
    await expect(preview.locator('[data-section]')).toHaveCount(data.sections.length);
    await expect(preview.locator('[data-section="1"]')).toHaveAttribute('data-section-type', String(data.sections[1]!.type));
    expect(dialogs).toEqual([]);
  });

  test('saves into the server’s copy of site/, and refuses an account without the content role', async ({ request, playwright }) => {
    await signIn(request, writer);
    const file = (await (await request.get(`${EDITOR_ROUTES.file}?path=site/pages/terms.yaml`)).json()) as EditableFile;
    const data = structuredClone(file.data) as { sections: Array<Record<string, unknown>> };
    data.sections[0]!.eyebrow = 'Legal (checked)';
    const saved = await request.put(EDITOR_ROUTES.file, { headers: JSON_CHANGE, data: { path: file.path, data, version: file.version } });
    expect(saved.status()).toBe(200);
    expect(((await saved.json()) as SaveAnswer).diff).toContain('+    eyebrow: Legal (checked)');
    // A save against the old version that changes the same value otherwise is refused with both versions to pick from.
    const other = structuredClone(data);
    other.sections[0]!.eyebrow = 'Legal (checked again)';
    const stale = await request.put(EDITOR_ROUTES.file, {
      headers: JSON_CHANGE,
      data: { path: file.path, data: other, version: file.version },
    });
    expect(stale.status()).toBe(409);
    expect(((await stale.json()) as { conflicts: unknown[] }).conflicts).toHaveLength(1);

    const readerContext = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    await signIn(readerContext, reader);
    const refused = await readerContext.get(EDITOR_ROUTES.files);
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'ROLE_NEEDED' });
    await readerContext.dispose();
  });
});
