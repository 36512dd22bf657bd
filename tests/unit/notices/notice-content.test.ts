// site/data/notice-template.yaml and site/data/notice-recipients.yaml: what `npm run validate` tells a writer, at file:line.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { formatProblem } from '../../../engine/content/problem';
import { readSchemas } from '../../../scripts/read-project';
import { minimalSite, yaml } from '../../fixtures/minimal-site';

const schemas = readSchemas();
const TEMPLATE = 'site/data/notice-template.yaml';
const RECIPIENTS = 'site/data/notice-recipients.yaml';
const fixtureTemplate = readFileSync(new URL('../../fixtures/notices/template.yaml', import.meta.url), 'utf8');

const problemsWith = (changes: Record<string, string>) => loadSite(minimalSite(changes), schemas).problems.map(formatProblem);

describe('the notice template', () => {
  it('loads into the site model', () => {
    const { model, problems } = loadSite(minimalSite({ [TEMPLATE]: fixtureTemplate }), schemas);
    expect(problems.map(formatProblem)).toEqual([]);
    expect(model!.noticeTemplate?.partLabel).toBe('part {{part}} of {{parts}}');
  });

  it('names a placeholder no notice fills, with the closest one', () => {
    const text = fixtureTemplate.replace('Tel. {{telephone}}', 'Tel. {{telefone}}');
    const line = text.split('\n').findIndex((l) => l.includes('{{telefone}}')) + 1;
    const [problem] = problemsWith({ [TEMPLATE]: text });
    expect(problem).toMatch(new RegExp(`^${TEMPLATE}:\\d+:\\d+ contact: \\{\\{telefone\\}\\} .*\\{\\{telephone\\}\\}`));
    // A block scalar is reported where it starts, the line of its key.
    expect(Number(problem!.split(':')[1])).toBeLessThan(line);
  });

  it('refuses a block that leaves out an element, and addresses not on a line of their own', () => {
    const text = fixtureTemplate.replace('  {{accuracy}}\n', '').replace('  {{urls}}\n', '  See {{urls}}\n');
    const problems = problemsWith({ [TEMPLATE]: text });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/ material: \{\{urls\}\} must be on a line of its own/);
    expect(problems[1]).toMatch(/ statements: \{\{accuracy\}\} is missing/);
  });

  it('refuses a subject on two lines, at its line', () => {
    const text = fixtureTemplate.replace(/^subject: .*$/m, 'subject: "Infringement notice:\\n{{host}}"');
    const line = text.split('\n').findIndex((l) => l.startsWith('subject:')) + 1;
    expect(problemsWith({ [TEMPLATE]: text })).toEqual([expect.stringMatching(new RegExp(`^${TEMPLATE}:${line}:\\d+ subject: `))]);
  });
});

describe('the recipient directory', () => {
  it('loads into the site model', () => {
    const { model, problems } = loadSite(
      minimalSite({
        [RECIPIENTS]: yaml`
        recipients:
          - { id: tube, name: Tube Inc., hosts: [tube.example, tu.be], email: dmca@tube.example }
      `,
      }),
      schemas,
    );
    expect(problems.map(formatProblem)).toEqual([]);
    expect(model!.noticeRecipients.map((r) => r.id)).toEqual(['tube']);
  });

  it('reports an entry with no way to reach it and a host taken twice, at their lines', () => {
    expect(
      problemsWith({
        [RECIPIENTS]: yaml`
          recipients:
            - id: tube
              name: Tube Inc.
              hosts: [tube.example]
            - id: other
              name: Other
              hosts: [other.example, tube.example]
              webForm: https://other.example/dmca
        `,
      }),
    ).toEqual([
      `${RECIPIENTS}:2:5 recipients[0]: "tube" says neither where to write (email) nor which form to use (webForm): give at least one`,
      `${RECIPIENTS}:7:28 recipients[1].hosts[1]: the host "tube.example" is already taken by "tube"`,
    ]);
  });

  it('refuses a host written as an address, at its line', () => {
    const problems = problemsWith({
      [RECIPIENTS]: yaml`
        recipients:
          - { id: third, name: Third, hosts: [https://third.example/], email: dmca@third.example }
      `,
    });
    expect(problems).toEqual([
      expect.stringMatching(new RegExp(`^${RECIPIENTS}:2:\\d+ recipients\\[0\\]\\.hosts\\[0\\]: must match the pattern`)),
    ]);
  });
});
