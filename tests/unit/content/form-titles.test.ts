// Two forms never share a title: the inbox names a lead's form by it, so the team must be able to
// tell them apart. The second file with a title already used is refused, at its title.
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { formatProblem } from '../../../engine/content/problem';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';

const schemas = readSchemas();
const site = readSiteFiles();
const contact = site.find((f) => f.path === 'site/forms/contact.yaml')!;
const title = /^title: (.+)$/m.exec(contact.text)![1]!;

/** The site with a copy of the contact form under another id and file, titled `copyTitle`. */
function withCopy(copyTitle: string) {
  const copy = contact.text.replace(/^id: contact$/m, 'id: contact-zz').replace(/^title: .+$/m, `title: ${copyTitle}`);
  return loadSite([...site, { path: 'site/forms/zz-copy.yaml', text: copy }], schemas).problems.map(formatProblem);
}

describe('form titles', { timeout: 60_000 }, () => {
  it('the real site has no two forms with one title', () => {
    expect(loadSite(site, schemas).problems.map(formatProblem)).toEqual([]);
  });

  it.each([
    ['the same title', title],
    ['the title in other capitals and spacing', `  ${title.toUpperCase().replace(/ /g, '  ')}`],
  ])('refuses a second form with %s, at the second file’s title, naming the first', (_what, copyTitle) => {
    const titleLine = contact.text.split('\n').findIndex((l) => l.startsWith('title:')) + 1;
    expect(withCopy(copyTitle)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^site/forms/zz-copy\\.yaml:${titleLine}:\\d+ title: the title ".+" is already the title of site/forms/contact\\.yaml; give each form its own title`,
        ),
      ),
    ]);
  });

  it('accepts a copy with a title of its own', () => {
    expect(withCopy(`${title} about billing`)).toEqual([]);
  });
});
