import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { formatProblem } from '../../../engine/content/problem';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { fillReply } from '../../../server/admin/saved-replies';
import { visitorLinks } from '../../../server/leads/visitor-links';
import { parse } from 'yaml';

const files = readSiteFiles();
const schemas = readSchemas();
const PATH = 'site/replies.yaml';
const source = files.find((f) => f.path === PATH)!;
const written = parse(source.text) as { replies: Array<{ id: string; body: string }> };

function problemsWith(change: (text: string) => string): string[] {
  const edited = files.map((f) => (f.path === PATH ? { ...f, text: change(f.text) } : f));
  expect(edited.find((f) => f.path === PATH)!.text).not.toBe(source.text);
  return loadSite(edited, schemas).problems.map(formatProblem);
}

describe('site/replies.yaml', { timeout: 30_000 }, () => {
  it('loads into the model as written', () => {
    const { model } = loadSite(files, schemas);
    expect(model?.savedReplies?.replies.map((r) => r.id)).toEqual(written.replies.map((r) => r.id));
  });

  it('a placeholder the inbox cannot fill is reported at its reply, naming the ones it can', () => {
    const first = written.replies[0]!;
    const problems = problemsWith((t) => t.replace('Hello {{name}},', 'Hello {{nmae}},'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^site\/replies\.yaml:\d+:\d+ replies\[0\]\.body: \{\{nmae\}\} is not something a reply can fill in; use \{\{name\}\}/,
    );
    expect(first.body).toContain('Hello {{name}},');
  });

  it('two replies with one id are reported', () => {
    const [a, b] = written.replies;
    const problems = problemsWith((t) => t.replace(`id: ${b!.id}`, `id: ${a!.id}`));
    expect(problems.join('\n')).toMatch(new RegExp(`replies\\[1\\]\\.id: the reply id "${a!.id}" is already used by replies\\[0\\]`));
  });

  it('a reply without a body is refused by the schema', () => {
    const problems = problemsWith((t) => t.replace(/ {4}body: \|[\s\S]*?(?=\n {2}- id:)/, '    bdy: none'));
    expect(problems.join('\n')).toMatch(/site\/replies\.yaml:\d+:\d+ replies\[0\]/);
  });
});

describe('filling a saved reply', () => {
  const facts = {
    name: 'Dana',
    form: 'Personal takedown',
    site: 'TakedownShield',
    payload: {
      message: 'See https://copies.example.net/a). Also https://b.example.org/x, and https://copies.example.net/a again.',
      email: 'd@example.com',
    },
  };

  it('fills the name, form, site and each link the visitor sent once, one a line', () => {
    expect(fillReply('Hello {{ name }} ({{form}}, {{site}}):\n{{links}}', facts)).toBe(
      'Hello Dana (Personal takedown, TakedownShield):\nhttps://copies.example.net/a\nhttps://b.example.org/x',
    );
  });

  it('says so when the visitor sent no links, and greets a nameless visitor plainly', () => {
    expect(fillReply('{{name}}: {{links}}', { ...facts, name: null, payload: {} })).toBe('there: (no web addresses were sent)');
  });

  it('takes only http and https addresses the URL parser accepts', () => {
    expect(visitorLinks({ a: 'javascript:alert(1) ftp://x.example.com https://ok.example.com/p?q=1 http://[bad' })).toEqual([
      'https://ok.example.com/p?q=1',
    ]);
  });
});
