// The reply promise is written once in site/site.yaml: the auto-reply and the pages read it through
// {promise:…}, word for word as they said it before, and a promise the schema cannot check is reported.
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { formatProblem } from '../../../engine/content/problem';
import { promiseTexts } from '../../../engine/content/reply-promise';
import { parse } from 'yaml';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';

const files = readSiteFiles();
const schemas = readSchemas();
const { model } = loadSite(files, schemas);

function problemsWith(path: string, change: (text: string) => string): string[] {
  const edited = files.map((f) => (f.path === path ? { ...f, text: change(f.text) } : f));
  expect(edited.some((f, i) => f.text !== files[i]!.text)).toBe(true);
  return loadSite(edited, schemas).problems.map(formatProblem);
}

const pageText = (path: string) => JSON.stringify(model!.pages.find((p) => p.path === path));

describe('the reply promise', () => {
  it('the auto-reply states the promise and the support hours as site/site.yaml has them', () => {
    const promise = model!.site.replyPromise!;
    const texts = promiseTexts(promise);
    const written = (parse(files.find((f) => f.path === 'site/forms/contact-us.yaml')!.text) as { autoReply: { text: string } }).autoReply
      .text;
    expect(written).toContain('{promise:hours}');
    const expected = written.replace(/\{promise:([\w.-]+)\}/g, (_, key: string) => texts.get(key)!);
    expect(model!.forms['contact-us']!.autoReply!.text).toBe(expected);
    for (const h of promise.supportHours) expect(expected).toContain(`${h.label} ${h.opens}-${h.closes}`);
  });

  it.each(['/contact-us', '/support'])('%s states the promise wherever its file says {promise:…}', (path) => {
    const texts = promiseTexts(model!.site.replyPromise);
    const source = files.find((f) => f.path === model!.pages.find((p) => p.path === path)!.file)!.text;
    const keys = [...source.matchAll(/\{promise:([\w.-]+)\}/g)].map((m) => m[1]!);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(pageText(path)).toContain(texts.get(key));
    expect(pageText(path)).not.toContain('{promise:');
  });

  it('a changed promise changes every place that states it', () => {
    const edited = files.map((f) =>
      f.path === 'site/site.yaml'
        ? { ...f, text: f.text.replace('replyWithinHours: 2\n  timeZone', 'replyWithinHours: 4\n  timeZone') }
        : f,
    );
    const changed = loadSite(edited, schemas).model!;
    expect(changed.forms['contact-us']!.autoReply!.text).toContain(`within ${promiseTexts(changed.site.replyPromise).get('reply')}`);
    expect(promiseTexts(changed.site.replyPromise).get('reply')).toBe('4 hours');
    expect(JSON.stringify(changed.pages.find((p) => p.path === '/contact-us'))).toContain('within 4 hours');
    expect(JSON.stringify(changed.pages.find((p) => p.path === '/contact-us'))).not.toContain('within 2 hours');
  });

  it('an unknown time zone, hours that close before they open and an unknown key are reported where they are written', () => {
    expect(problemsWith('site/site.yaml', (t) => t.replace('timeZone: America/Los_Angeles', 'timeZone: America/Las_Angeles'))).toEqual([
      expect.stringMatching(/^site\/site\.yaml:\d+:\d+ replyPromise\.timeZone: "America\/Las_Angeles" is not a time zone/),
    ]);
    expect(problemsWith('site/site.yaml', (t) => t.replace('opens: "8:00", closes: "18:00"', 'opens: "18:00", closes: "8:00"'))).toEqual([
      expect.stringContaining('replyPromise.supportHours[1].closes: closes at 8:00, not later than it opens (18:00)'),
    ]);
    // The morning digest takes its days and zone from the promise.
    const digestOn = files.map((f) => (f.path === 'site/notifications.yaml' ? { ...f, text: `${f.text}digest:\n  at: "8:00"\n` } : f));
    expect(loadSite(digestOn, schemas).problems).toEqual([]);
    const noPromise = digestOn.map((f) =>
      f.path === 'site/site.yaml' ? { ...f, text: f.text.replace(/^replyPromise:[\s\S]*?(?=^\S|$(?![\s\S]))/m, '') } : f,
    );
    expect(loadSite(noPromise, schemas).problems.map(formatProblem)).toContainEqual(
      expect.stringMatching(
        /^site\/notifications\.yaml:\d+:\d+ digest: the morning digest goes out on the support days .* add replyPromise to site\/site\.yaml/,
      ),
    );
    expect(problemsWith('site/pages/support.yaml', (t) => t.replace('{promise:hours.sunday}', '{promise:hours.sundy}'))).toEqual([
      expect.stringContaining('no "hours.sundy" in the reply promise. Did you mean "hours.sunday"?'),
    ]);
  });
});
