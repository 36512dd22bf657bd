// The consent notice above every lead form: its text names its links, and each name must match.
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import type { ResolvedFormSection } from '../../../engine/content/model';
import { formatProblem } from '../../../engine/content/problem';
import { consentParts } from '../../../engine/forms/consent-text';
import { readSchemas } from '../../../scripts/read-project';
import { minimalSite, MINIMAL_SITE } from '../../fixtures/minimal-site';
import { model } from '../../support/site-pages';

const schemas = readSchemas();

const LINKS = { privacy: { label: 'Privacy Policy', href: '/privacy' }, terms: { label: 'Terms of Service', href: '/terms' } };

describe('consentParts', () => {
  it('splits the text into words and the links it names, in order', () => {
    expect(consentParts({ text: 'See our {privacy} and {terms}.', links: LINKS })).toEqual([
      'See our ',
      { label: 'Privacy Policy', href: '/privacy' },
      ' and ',
      { label: 'Terms of Service', href: '/terms' },
      '.',
    ]);
  });
});

describe('consent in site/site.yaml', () => {
  const withConsent = (text: string, links: string) =>
    minimalSite({
      'site/site.yaml': `${MINIMAL_SITE['site/site.yaml']}consent:\n  text: ${text}\n  links:\n${links}`,
    });
  const privacy = '    privacy:\n      label: Privacy Policy\n      href: /privacy\n';

  it('loads when every name in the text has a link and every link is named', () => {
    const { problems, model: loaded } = loadSite(withConsent('See our {privacy}.', privacy), schemas);
    expect(problems.map(formatProblem)).toEqual([]);
    expect(loaded!.site.consent?.text).toBe('See our {privacy}.');
  });

  it('reports a name with no link, and a link the text never names', () => {
    const { problems } = loadSite(withConsent('See our {privacy} and {terms}.', privacy), schemas);
    expect(problems.map(formatProblem)).toEqual([
      'site/site.yaml:20:9 consent.text: {terms} names no link: add terms under consent.links (known: privacy)',
    ]);
    const unused = loadSite(withConsent('We answer your request only.', privacy), schemas);
    expect(unused.problems.map(formatProblem)).toEqual([
      'site/site.yaml:22:5 consent.links.privacy: the link "privacy" is not in consent.text: write {privacy} where it goes',
    ]);
  });
});

it('every form on the real site gets the site-wide notice, which links to /privacy and /terms', () => {
  const forms = model!.pages.flatMap((p) => p.sections.filter((s): s is ResolvedFormSection => s.type === 'form'));
  expect(forms.length).toBeGreaterThan(10);
  for (const form of forms) expect(form.consent, form.form).toBe(model!.site.consent);
  expect(Object.values(model!.site.consent!.links).map((l) => l!.href)).toEqual(['/privacy', '/terms']);
});
