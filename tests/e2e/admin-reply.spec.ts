// Replying from a lead: a saved reply from site/replies.yaml, filled with the lead's name and links,
// is sent from the team's address through the site's mail server, with the lead's own reply address; the
// visitor's answer, sent over SMTP to the server's inbound port, comes back to the lead.
import { expect, test } from '@playwright/test';
import nodemailer from 'nodemailer';
import { createAccount, expectNoAxeViolations, seedLead, signIn, statusLine, uniqueWord } from './admin';
import { e2ePorts } from './ports';
import { mailTo } from './mail';
import { siteModel } from './site';

const ACCOUNT = `${uniqueWord('replier')}@takedownshield.test`;
/** MAIL_FROM in playwright.config.ts. */
const TEAM_ADDRESS = 'leads@takedownshield.test';

let created = false;
test.beforeAll(async () => {
  if (created) return;
  await createAccount(ACCOUNT);
  created = true;
});

test('a team member opens the visitor’s links safely and answers with a saved reply, mailed from the team with the lead’s reply address; the visitor’s answer comes back to the lead and puts it back in New', async ({
  page,
  request,
}) => {
  const word = uniqueWord('reply');
  const visitor = `${word}@example.org`;
  const links = [`https://copies.example.net/${word}/1`, `https://mirror.example.com/${word}`];
  const id = await seedLead(request, {
    name: 'Nora Answer',
    email: visitor,
    subject: 'Copied photos',
    message: `My photos are copied at ${links[0]} and ${links[1]}.`,
  });
  await signIn(page, ACCOUNT, undefined, `/admin/leads/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lead from Nora Answer');
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await expect(conversation.getByText(visitor)).toBeVisible();

  // Each address the visitor sent opens safely in a new tab, its host in plain text before it.
  const fields = page.getByRole('region', { name: 'What they sent' });
  for (const link of links) {
    const anchor = fields.getByRole('link', { name: link, exact: true });
    await expect(anchor).toHaveAttribute('href', link);
    await expect(anchor).toHaveAttribute('target', '_blank');
    await expect(anchor).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(anchor).toHaveAttribute('referrerpolicy', 'no-referrer');
    await expect(anchor.locator('xpath=preceding-sibling::span[1]')).toHaveText(new URL(link).host);
  }
  // The other site answers from here: the test reads what the new tab was given, not the internet.
  await page.context().route(`${links[0]}`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Copy</title>' }));
  const opened = page.waitForEvent('popup');
  await fields.getByRole('link', { name: links[0], exact: true }).click();
  const tab = await opened;
  await tab.waitForLoadState();
  expect(await tab.evaluate(() => [window.opener, document.referrer])).toEqual([null, '']);
  await tab.close();
  // The visitor's address starts a reply here, not in a mail program.
  await fields.getByRole('link', { name: 'Reply in the inbox' }).click();
  await expect(page).toHaveURL(/#reply-body$/);

  const saved = siteModel().savedReplies!.replies.find((r) => r.body.includes('{{links}}'))!;
  await page.getByLabel('Saved reply').selectOption({ label: saved.title });
  await page.getByRole('button', { name: 'Use this reply' }).click();
  const body = page.getByLabel('Your reply');
  await expect(body).toBeFocused();
  await expect(body).toHaveValue(new RegExp(`Hello Nora Answer,[\\s\\S]*${links[0]}\\n${links[1]}`));
  await expect(body).not.toHaveValue(/\{\{/);
  await expectNoAxeViolations(page, 'a lead with its reply box filled');
  const subject = await page.getByLabel('Subject').inputValue();
  const text = await body.inputValue();

  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(statusLine(page)).toHaveText('Reply on its way to the visitor.');
  const sentReply = conversation.locator('.admin-message--out');
  await expect(sentReply).toHaveCount(1);
  await expect(sentReply).toContainText(`Reply from ${ACCOUNT}`);
  await expect(sentReply).toContainText(links[1]!);
  await expect(body).toHaveValue('');

  const mail = await mailTo(visitor, (m) => m.mail.subject === subject);
  expect(mail.mail.from?.value.map((a) => a.address)).toEqual([TEAM_ADDRESS]);
  const replyTo = mail.mail.replyTo?.value.map((a) => a.address) ?? [];
  expect(replyTo).toHaveLength(1);
  const token = /^reply\+([0-9a-f]{32})@takedownshield\.test$/.exec(replyTo[0]!)?.[1];
  expect(token, `Reply-To ${replyTo[0]}`).toBeDefined();
  expect(id.replaceAll('-', '')).not.toContain(token);
  expect(mail.mail.text?.trim()).toBe(text.trim());
  expect(mail.mail.html).toBe(false);

  // A status set by the team is undone by the visitor's answer: the lead is back in New, in the team's queue.
  await page.getByRole('radio', { name: 'Done' }).check();
  await page.getByRole('button', { name: 'Save status' }).click();
  await expect(statusLine(page)).toHaveText('Status set to Done.');

  // The visitor answers: their mail program sends to the Reply-To, which the relay hands to the server's inbound port.
  const relay = nodemailer.createTransport({
    host: '127.0.0.1',
    port: e2ePorts().inbound,
    ignoreTLS: true,
  });
  await relay.sendMail({
    from: visitor,
    to: replyTo[0],
    subject: `Re: ${subject}`,
    text: `Thank you. One more copy: https://third.example.net/${word}`,
    inReplyTo: mail.mail.messageId,
  });
  await expect(async () => {
    await page.reload();
    await expect(conversation.locator('.admin-message--in')).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(conversation.locator('.admin-message--in')).toContainText(`Answer from ${visitor}`);
  await expect(conversation.locator('.admin-message--in')).toContainText(`https://third.example.net/${word}`);
  await expect(page.getByRole('radio', { name: 'New' })).toBeChecked();

  // One timeline, oldest first, in the team's time zone with the zone named.
  const timeline = page.getByRole('region', { name: 'Timeline' }).getByRole('listitem');
  await expect(timeline).toHaveText([
    /^.+ P[SD]T: Received/,
    /P[SD]T: Replied to a visitor by /,
    /P[SD]T: Changed a status by /,
    /P[SD]T: A visitor answered by visitor/,
  ]);

  // The delivery shows among the lead's notifications once the outbox has sent it.
  await page.reload();
  await expect(
    page.getByRole('table', { name: 'Notifications about this lead' }).getByRole('row', { name: /Reply to the visitor/ }),
  ).toContainText('Sent');
  await expectNoAxeViolations(page, 'a lead with a reply sent');

  // The audit log names who replied.
  await page.goto('/admin/audit');
  await expect(page.getByRole('row').filter({ hasText: 'Replied to a visitor' }).filter({ hasText: ACCOUNT })).toHaveCount(1);
});
