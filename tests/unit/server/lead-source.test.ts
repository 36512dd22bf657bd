// Where a lead came from: what the server keeps of the page, campaign and referrer a browser sends,
// and the privacy page's words for it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SOURCE_KEY } from '../../../contracts/api-contract';
import { pageSource } from '../../../engine/forms/submit-client';
import {
  campaignOf,
  cleanHost,
  describeSource,
  RECORDED_WITH_LEAD,
  referrerHostOf,
  sourceOfFormPost,
  takeSource,
} from '../../../server/leads/lead-source';
import { COUNTED, NEVER_KEPT } from '../../../server/page-view-counter';

const own = new Set(['www.takedownshield.example', '127.0.0.1:4410']);

describe('a JSON submission names its source beside its fields', () => {
  it('keeps the page path, the campaign and the referring host, and takes the source out of the fields', () => {
    const { body, source } = takeSource(
      { name: 'Ann', [SOURCE_KEY]: { page: '/contact-us?utm_source=newsletter&utm_campaign=november&x=1', referrer: 'News.Example.COM' } },
      own,
    );
    expect(body).toEqual({ name: 'Ann' });
    expect(source).toEqual({
      page: '/contact-us',
      utmSource: 'newsletter',
      utmMedium: null,
      utmCampaign: 'november',
      referrerHost: 'news.example.com',
    });
  });

  it.each([
    ['a full address as referrer', { page: '/a', referrer: 'https://news.example.com/story?id=7' }, { page: '/a', referrerHost: null }],
    ['the site itself as referrer', { page: '/a', referrer: 'www.takedownshield.example' }, { page: '/a', referrerHost: null }],
    ['another origin as page', { page: 'https://evil.example/a' }, { page: null }],
    ['a protocol-relative page', { page: '//evil.example/a' }, { page: null }],
    ['a page with a space', { page: '/a b' }, { page: null }],
    ['a page too long', { page: `/${'a'.repeat(400)}` }, { page: null }],
    ['no page at all', { referrer: 'news.example.com' }, { page: null, referrerHost: 'news.example.com' }],
  ])('records nothing false from %s', (_case, given, expected) => {
    const { source } = takeSource({ [SOURCE_KEY]: given }, own);
    expect(source).toMatchObject(expected);
  });

  it('a source that is not an object is dropped, and the fields still go on', () => {
    expect(takeSource({ a: 1, [SOURCE_KEY]: 'x' }, own)).toEqual({ body: { a: 1 }, source: null });
    expect(takeSource({ a: 1 }, own)).toEqual({ body: { a: 1 }, source: null });
  });

  it('drops invisible characters from a campaign value and refuses one that is too long', () => {
    const c = campaignOf(new URLSearchParams({ utm_source: ' news\u202eletter\n ', utm_campaign: 'x'.repeat(101), utm_medium: '\u200b' }));
    expect(c).toEqual({ utmSource: 'newsletter', utmMedium: null, utmCampaign: null });
  });

  it('a host is a host: no user, path, or address in brackets', () => {
    expect(cleanHost('News.example.com:8443')).toBe('news.example.com:8443');
    for (const bad of ['user@news.example.com', 'news.example.com/path', '[::1]', 'a b.com', '-bad.com', ''])
      expect(cleanHost(bad)).toBeNull();
  });

  it('a referrer counts only when it is another http(s) site', () => {
    expect(referrerHostOf('https://news.example.com/a?b=c', own)).toBe('news.example.com');
    expect(referrerHostOf('https://www.takedownshield.example/blog', own)).toBeNull();
    expect(referrerHostOf('android-app://com.example', own)).toBeNull();
    expect(referrerHostOf('not a url', own)).toBeNull();
  });
});

describe('a form sent without JavaScript', () => {
  it('records the page posted to and the campaign of its own address, from the Referer the browser sends', () => {
    const source = sourceOfFormPost(
      '/contact-us',
      'https://www.takedownshield.example/contact-us?utm_source=newsletter&utm_campaign=november',
      own,
    );
    expect(source).toEqual({ page: '/contact-us', utmSource: 'newsletter', utmMedium: null, utmCampaign: 'november', referrerHost: null });
  });

  it('takes no campaign from a Referer of another page or another site', () => {
    expect(sourceOfFormPost('/contact-us', 'https://www.takedownshield.example/pricing?utm_source=x', own).utmSource).toBeNull();
    expect(sourceOfFormPost('/contact-us', 'https://evil.example/contact-us?utm_source=x', own).utmSource).toBeNull();
    expect(sourceOfFormPost('/contact-us', undefined, own)).toMatchObject({ page: '/contact-us', utmSource: null });
  });
});

describe('the page sends only what the server keeps', () => {
  it('sends its path with the campaign parameters only, and the referrer as a host', () => {
    const location = {
      pathname: '/contact-us',
      search: '?utm_source=newsletter&email=ann%40example.com&utm_campaign=november',
      host: 'site.example',
    };
    expect(pageSource(location, 'https://news.example.com/story?id=7')).toEqual({
      page: '/contact-us?utm_source=newsletter&utm_campaign=november',
      referrer: 'news.example.com',
    });
  });

  it('sends no referrer for a move within the site or a direct visit', () => {
    expect(pageSource({ pathname: '/a', search: '', host: 'site.example' }, 'https://site.example/b')).toEqual({ page: '/a' });
    expect(pageSource({ pathname: '/a', search: '', host: 'site.example' }, '')).toEqual({ page: '/a' });
  });
});

it('e-mails name each known part of the source and leave out the rest', () => {
  expect(
    describeSource({
      page: '/contact-us',
      utmSource: 'newsletter',
      utmMedium: null,
      utmCampaign: 'november',
      referrerHost: 'news.example.com',
    }),
  ).toEqual([
    { label: 'Page', value: '/contact-us' },
    { label: 'Campaign source', value: 'newsletter' },
    { label: 'Campaign', value: 'november' },
    { label: 'Referring site', value: 'news.example.com' },
  ]);
  expect(describeSource(null)).toEqual([]);
});

describe('the privacy page says what the code records and counts', () => {
  // The YAML folds its lines; compare the words with single spaces.
  const privacy = readFileSync(join(import.meta.dirname, '../../../site/pages/privacy.yaml'), 'utf8').replace(/\s+/g, ' ');

  it.each(Object.entries(RECORDED_WITH_LEAD))('names the lead source part %s as "%s"', (_part, words) => {
    expect(privacy).toContain(words);
  });
  it.each(Object.entries(COUNTED))('names the count %s as "%s"', (_count, words) => {
    expect(privacy).toContain(words);
  });
  it.each(NEVER_KEPT)('says the counts keep "%s"', (words) => {
    expect(privacy).toContain(words);
  });
});
