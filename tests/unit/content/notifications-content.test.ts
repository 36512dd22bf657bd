import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { formatProblem } from '../../../engine/content/problem';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';

const files = readSiteFiles();
const schemas = readSchemas();

/** The real site with one file's text changed, loaded; the problems as a person reads them. */
function problemsWith(path: string, change: (text: string) => string): string[] {
  const edited = files.map((f) => (f.path === path ? { ...f, text: change(f.text) } : f));
  expect(
    edited.some((f, i) => f.text !== files[i]!.text),
    `${path} was changed`,
  ).toBe(true);
  return loadSite(edited, schemas).problems.map(formatProblem);
}

const lineOf = (path: string, needle: string) =>
  files
    .find((f) => f.path === path)!
    .text.split('\n')
    .findIndex((l) => l.includes(needle)) + 1;

describe('site/notifications.yaml and site/forms/api/', () => {
  it('the real rules and payloads load into the model', () => {
    const { model } = loadSite(files, schemas);
    expect(model?.notifications.rules.map((r) => r.id)).toEqual([
      'urgent-messages',
      'commercial-takedowns',
      'personal-takedowns',
      'api-requests',
    ]);
    expect(Object.keys(model?.apiPayloads ?? {}).sort()).toEqual(['/api/contact', '/api/generate-badge', '/api/takedown-request']);
  });

  it('a rule naming a form that does not exist is reported at its line, with the known forms', () => {
    const problems = problemsWith('site/notifications.yaml', (t) =>
      t.replace('forms: [commercial-takedown]', 'forms: [comercial-takedown]'),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(
        `^site/notifications\\.yaml:${lineOf('site/notifications.yaml', 'forms: [commercial-takedown]')}:\\d+ rules\\[1\\]\\.forms\\[0\\]: no form "comercial-takedown" in site/forms/\\. Did you mean "commercial-takedown"\\?$`,
      ),
    );
  });

  it('two rules with one id are reported', () => {
    const problems = problemsWith('site/notifications.yaml', (t) => t.replace('id: personal-takedowns', 'id: commercial-takedowns'));
    expect(problems.join('\n')).toMatch(
      /site\/notifications\.yaml:\d+:\d+ rules\[2\]\.id: the rule id "commercial-takedowns" is already used by rules\[1\]/,
    );
  });

  it('a rule with a mistyped key is refused by the schema at its line', () => {
    const problems = problemsWith('site/notifications.yaml', (t) =>
      t.replace('    subject: "Takedown request from {{contactName}}"', '    subjct: "Takedown request from {{contactName}}"'),
    );
    expect(problems.join('\n')).toMatch(/site\/notifications\.yaml:\d+:\d+ rules\[2\]/);
  });

  it('a second payload for one endpoint is refused: a request without a form id must have one meaning', () => {
    const contact = files.find((f) => f.path === 'site/forms/api/contact.yaml')!;
    const second = {
      ...contact,
      path: 'site/forms/api/contact-again.yaml',
      text: contact.text.replace('id: api-contact', 'id: api-contact-again'),
    };
    const problems = loadSite([...files, second], schemas).problems.map(formatProblem);
    expect(problems).toEqual([
      `site/forms/api/contact-again.yaml:${lineOf('site/forms/api/contact.yaml', 'endpoint: /api/contact')}:13 submit.endpoint: site/forms/api/contact.yaml already says what /api/contact accepts without a form`,
    ]);
  });
});
