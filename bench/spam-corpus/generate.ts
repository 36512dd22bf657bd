// Writes bench/spam-corpus/corpus.json: the labelled submissions the spam benchmark (bench/spam.ts)
// replays. Assembled from the hand-written pieces in fragments.ts with a seeded random choice, so the
// same fragments always give the same file: `npx tsx bench/spam-corpus/generate.ts` (--check only
// compares, for the unit test). Each item is what one visitor typed into one form, labelled genuine
// or spam with its kind, a split (train: marked in the inbox first, for a filter that learns; test:
// replayed after) and a behaviour: a person, or a bot that fills the honeypot, posts without loading
// the page, or posts within a second of loading it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as F from './fragments';

export type Label = 'genuine' | 'spam';
/** person: loads the page, waits, posts. The others are what no person does. */
export type Behaviour = 'person' | 'honeypot' | 'no-page' | 'fast';
/** json: the form's island posts JSON; form-post: the same form sent without script; api: a client of the API, no page. */
export type Encoding = 'json' | 'form-post' | 'api';

export interface CorpusItem {
  id: string;
  label: Label;
  kind: string;
  split: 'train' | 'test';
  behaviour: Behaviour;
  encoding: Encoding;
  /** The site form (site/forms/<id>.yaml); null for a client of the API that names none. */
  form: string | null;
  /** For an API client: the endpoint it posts to. */
  endpoint?: string;
  /** The visitor's address (sent as X-Forwarded-For, so each visitor has their own). */
  ip: string;
  /** What the visitor typed, by field name, as the form holds it before sending. */
  values: Record<string, string>;
}

export interface Corpus {
  note: string;
  items: CorpusItem[];
}

// mulberry32: a small seeded generator, so the corpus is the same on every machine.
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let random = seeded(0);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const chance = (p: number) => random() < p;
const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
const token = (n: number) => Array.from({ length: n }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[int(0, 35)]).join('');
const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^\p{L}\p{N} ]/gu, '')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-');

let usedEmails = new Set<string>();
/** A unique address: the benchmark finds each item's lead by it. */
function uniqueEmail(local: string, domain: string): string {
  const base =
    slug(local)
      .replace(/-/g, '.')
      .replace(/[^a-z0-9.]/g, '') || 'mail';
  let email = `${base}@${domain}`;
  for (let n = 2; usedEmails.has(email); n++) email = `${base}${n}@${domain}`;
  usedEmails.add(email);
  return email;
}

let ipCounter = 0;
/** Each visitor's own address; bots of one network share a prefix. */
function nextIp(prefix = '10.20'): string {
  ipCounter++;
  return `${prefix}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

function person(): { first: string; last: string; name: string } {
  const first = pick(F.FIRST_NAMES);
  const last = pick(F.LAST_NAMES);
  return { first, last, name: chance(0.08) ? first : `${first} ${last}` };
}

function personalEmail(p: { first: string; last: string }): string {
  const style = int(0, 3);
  const local = [`${p.first}.${p.last}`, `${p.first}${p.last}${int(1, 99)}`, `${p.first[0]}${p.last}`, `${p.first}.art`][style]!;
  return uniqueEmail(local, pick(F.MAIL_PROVIDERS));
}

function studio(): { name: string; domain: string } {
  const name = `${pick(F.STUDIO_WORDS)} ${pick(F.STUDIO_KINDS)}`;
  return { name, domain: `${slug(name).replace(/-/g, '')}${pick(F.WEBSITE_TLDS)}` };
}

function copyUrl(): string {
  const host = pick(F.COPY_HOSTS);
  const tail = host.endsWith('@')
    ? `${token(8)}/video/${int(1e9, 9e9)}`
    : host.endsWith('=')
      ? token(11)
      : `${int(100000, 999999999)}${chance(0.5) ? `-${token(6)}` : ''}`;
  return `https://${host}${tail}`;
}

/** A typo or two, as people type when upset or on a phone. */
function typos(text: string): string {
  if (!chance(0.25)) return text;
  const words = text.split(' ');
  const at = int(0, words.length - 1);
  const w = words[at]!;
  if (w.length > 4 && !w.includes('{')) words[at] = w.slice(0, 2) + w[3] + w[2] + w.slice(4);
  return words.join(' ');
}

let typed = new Set<string>();
/**
 * A genuine message in the writer's own words: the fragment with their greeting and sign-off, tried
 * again until no one else in the corpus sent exactly these words (people do not, campaigns do).
 */
function ownWords(text: string, p: { first: string; name: string }): string {
  for (;;) {
    const hello = pick(F.GREETINGS);
    const bye = pick(F.SIGN_OFFS).replace('{first}', p.first).replace('{name}', p.name);
    const message = typos(`${hello}${text}${bye}`);
    const key = message
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    if (!typed.has(key)) {
      typed.add(key);
      return message;
    }
  }
}

/** The share of items in the training split. */
const TRAIN_SHARE = 0.5;
/**
 * How many of each kind, against the first corpus's counts: one and a half times as many, so each
 * split holds a few hundred of each label. More items from the same fragments, not new fragments.
 */
const SCALE = 1.5;
const times = (n: number) => Math.round(n * SCALE);

let items: CorpusItem[] = [];
let count = 0;
function add(
  item: Omit<CorpusItem, 'id' | 'split' | 'ip' | 'behaviour' | 'encoding'> & Partial<Pick<CorpusItem, 'ip' | 'behaviour' | 'encoding'>>,
) {
  count++;
  const encoding = item.encoding ?? (item.form === null ? 'api' : chance(0.15) ? 'form-post' : 'json');
  // Half are the training split, marked in the inbox before the rest is replayed: enough marks of
  // each kind (over 200) for a filter that learns from them to vote, as it would after some months.
  const { label, kind, form, endpoint, values } = item;
  items.push({
    id: `${label === 'genuine' ? 'g' : 's'}-${String(count).padStart(4, '0')}`,
    label,
    kind,
    split: chance(TRAIN_SHARE) ? 'train' : 'test',
    behaviour: item.behaviour ?? 'person',
    encoding,
    form,
    ...(endpoint ? { endpoint } : {}),
    ip: item.ip ?? nextIp(label === 'genuine' ? '10.20' : '10.60'),
    values,
  });
}

// ---------------------------------------------------------------------------------------- genuine

const GET_STARTED: Record<string, { nameField: string | null; choices: Record<string, string[]> }> = {
  'art-get-started': {
    nameField: 'name',
    choices: {
      artType: ['illustrations', 'graphic-design', 'concept-art', 'photography', 'nft', 'patterns'],
      platformsUsed: ['instagram', 'artstation', 'deviantart', 'behance', 'opensea', 'multiple'],
    },
  },
  'photography-get-started': {
    nameField: 'name',
    choices: {
      photographyType: ['wedding', 'portrait', 'commercial', 'stock', 'fineart', 'event'],
      portfolioSize: ['small', 'medium', 'large', 'enterprise'],
    },
  },
  'video-get-started': {
    nameField: 'name',
    choices: {
      contentType: ['youtube', 'educational', 'entertainment', 'marketing', 'streaming', 'social'],
      platformsUsed: ['youtube', 'tiktok', 'instagram', 'twitch', 'multiple'],
    },
  },
  'writing-get-started': {
    nameField: 'name',
    choices: {
      contentType: ['blog-articles', 'copywriting', 'academic', 'creative', 'technical', 'social'],
      platformsUsed: ['wordpress', 'medium', 'linkedin', 'substack', 'own-website', 'multiple'],
    },
  },
  'music-get-started': { nameField: 'artistName', choices: { trackCount: ['1-10', '11-25', '26-50', '51-100', '100+'] } },
  'gaming-get-started': { nameField: 'studioName', choices: { gameType: ['indie', 'mobile', 'pc', 'console', 'web'] } },
  'software-get-started': {
    nameField: 'companyName',
    choices: {
      softwareType: ['desktop', 'saas', 'mobile', 'tools', 'enterprise', 'opensource'],
      deploymentModel: ['cloud', 'onpremise', 'hybrid', 'downloadable'],
    },
  },
};

/** The whole corpus, the same on every call. */
export function buildCorpus(): Corpus {
  random = seeded(20261128);
  usedEmails = new Set();
  items = [];
  typed = new Set();
  count = 0;
  ipCounter = 0;

  // Creators whose work was copied: the personal takedown form.
  for (let i = 0; i < times(90); i++) {
    const p = person();
    const contentType = pick(F.PERSONAL_CONTENT);
    const story = ownWords(
      pick(F.CREATOR_STORIES).replace('{what}', pick(F.CREATOR_WORKS[contentType])).replace('{where}', pick(F.WHERE_WORDS)),
      p,
    );
    const extra = chance(0.2) ? `\nOther copies: ${Array.from({ length: int(2, 6) }, copyUrl).join('\n')}` : '';
    const values: Record<string, string> = {
      contactName: p.name.length < 2 ? `${p.name} ${p.last}` : p.name,
      email: personalEmail(p),
      contentType,
      infringementUrl: copyUrl(),
      description: `${story}${extra}`,
    };
    if (chance(0.6)) values.originalContentUrl = `https://${pick(F.ORIGINAL_HOSTS)}${slug(p.first)}${int(1, 9999)}`;
    if (chance(0.8)) values.relationship = pick(['creator', 'creator', 'owner', 'authorized']);
    add({ label: 'genuine', kind: extra ? 'creator-several-urls' : 'creator', form: 'personal-takedown', values });
  }

  // Businesses and agencies: the commercial takedown form, often with long lists of links.
  for (let i = 0; i < times(60); i++) {
    const agency = i % 4 === 0;
    const p = person();
    const s = studio();
    const urls = Array.from({ length: chance(0.3) ? int(8, 40) : int(1, 6) }, copyUrl);
    const description = pick(agency ? F.AGENCY_DESCRIPTIONS : F.BUSINESS_DESCRIPTIONS)
      .replace('{n}', String(int(3, 120)))
      .replace('{site}', `https://www.${s.domain}/shop`);
    const values: Record<string, string> = {
      companyName: `${s.name} ${pick(F.COMPANY_SUFFIXES)}`.trim(),
      contactName: p.name,
      email: uniqueEmail(`${p.first}.${p.last}`, s.domain),
      contentType: pick(['images', 'videos', 'text', 'software', 'music', 'brand', 'other']),
      // Pasted from a spreadsheet: one per line, sometimes with blank lines or commas.
      infringementUrls: urls.join(chance(0.2) ? ',\n' : '\n'),
      urgency: pick(['standard', 'standard', 'priority', 'urgent']),
    };
    if (description) values.description = ownWords(description, p);
    if (chance(0.7)) values.website = `https://www.${s.domain}`;
    add({
      label: 'genuine',
      kind: agency ? 'agency' : urls.length > 6 ? 'business-many-urls' : 'business',
      form: 'commercial-takedown',
      values,
    });
  }

  // Quote requests on the protection pages: mostly choices and an address, a short note at most.
  for (let i = 0; i < times(70); i++) {
    const formId = Object.keys(GET_STARTED)[i % 7]!;
    const spec = GET_STARTED[formId]!;
    const p = person();
    const values: Record<string, string> = { email: chance(0.3) ? uniqueEmail(`${p.first}`, studio().domain) : personalEmail(p) };
    if (spec.nameField && chance(0.75)) values[spec.nameField] = spec.nameField === 'name' ? p.name : studio().name;
    for (const [field, options] of Object.entries(spec.choices)) if (chance(0.85)) values[field] = pick(options);
    if (formId === 'gaming-get-started' && chance(0.6))
      values.platforms = pick(['Steam', 'Steam, itch.io', 'Switch and PS5', 'iOS, Android', 'web browser']);
    // The message is optional on these forms: about half leave it empty, and the form writes one from their choices.
    const note = chance(0.5) ? '' : pick(F.QUOTE_NOTES);
    if (note) values.message = note.length >= 40 ? ownWords(note, p) : note;
    add({ label: 'genuine', kind: 'quote', form: formId, values });
  }

  // Questions through the two contact forms.
  const CONTACT_INQUIRY: Record<string, string> = { technical: 'support' };
  for (let i = 0; i < times(70); i++) {
    const q = F.CONTACT_QUESTIONS[i % F.CONTACT_QUESTIONS.length]!;
    const p = person();
    const formId = i % 2 === 0 ? 'contact' : 'contact-us';
    const values: Record<string, string> = {
      name: p.name,
      email: personalEmail(p),
      inquiryType: formId === 'contact' ? (CONTACT_INQUIRY[q.inquiry] ?? q.inquiry) : q.inquiry,
      subject: q.subject,
      message: ownWords(q.message, p),
    };
    if (formId === 'contact') values.urgency = pick(['normal', 'normal', 'high', 'urgent']);
    if (chance(0.3)) values.company = studio().name;
    const odd = /[^\p{Script=Latin}\p{P}\p{N}\s$]/u.test(q.message)
      ? 'other-script'
      : q.message === q.message.toUpperCase()
        ? 'all-caps'
        : '';
    add({ label: 'genuine', kind: odd ? `question-${odd}` : 'question', form: formId, values });
  }

  // The free DIY template: a name and an address.
  for (let i = 0; i < times(20); i++) {
    const p = person();
    add({ label: 'genuine', kind: 'diy-template', form: 'diy-free-template', values: { name: p.name, email: personalEmail(p) } });
  }

  // The badge generator's API: a site owner's script asking for a badge.
  for (let i = 0; i < times(15); i++) {
    const s = studio();
    const values: Record<string, string> = {
      type: pick(['standard', 'standard', 'premium', 'enterprise']),
      size: pick(['small', 'medium', 'large']),
      color: pick(['blue', 'green', 'purple', 'red', 'gray']),
      email: uniqueEmail('webmaster', s.domain),
    };
    if (chance(0.7)) values.website = `https://www.${s.domain}`;
    add({ label: 'genuine', kind: 'badge', form: null, endpoint: '/api/generate-badge', values });
  }

  // Odd but honest: a creator pasting a long list of links into a contact form; a one-line message.
  for (let i = 0; i < times(10); i++) {
    const p = person();
    const urls = Array.from({ length: int(5, 12) }, copyUrl);
    add({
      label: 'genuine',
      kind: 'question-pasted-urls',
      form: i % 2 === 0 ? 'contact' : 'contact-us',
      values: {
        name: p.name,
        email: personalEmail(p),
        inquiryType: 'takedown',
        ...(i % 2 === 0 ? { urgency: 'high' } : {}),
        subject: pick(['Copies of my work', 'takedown', 'Please remove these', 'Stolen photos (list)']),
        message: `${pick(['These all use my photos:', 'Found these today, all mine:', 'list below', 'Hi, here are the links'])}\n${urls.join('\n')}`,
      },
    });
  }

  // ------------------------------------------------------------------------------------------- spam

  const spamForms = [
    'contact',
    'contact-us',
    'personal-takedown',
    'commercial-takedown',
    'art-get-started',
    'photography-get-started',
    'diy-free-template',
    'video-get-started',
  ];

  function spamLink(): string {
    return `https://${pick(F.LINK_FARM_HOSTS)}/${pick(['', '?ref=', 'go/', 'promo/'])}${token(int(4, 10))}`;
  }

  /** The spam text put into whichever form the bot found: every free-text field gets something. */
  function spamValues(formId: string, text: string, name: string, email: string, subject: string): Record<string, string> {
    switch (formId) {
      case 'contact':
        return { name, email, inquiryType: pick(['general', 'partnership', 'general']), urgency: 'normal', subject, message: text };
      case 'contact-us':
        return {
          name,
          email,
          inquiryType: pick(['general', 'partnership']),
          subject,
          message: text.length >= 10 ? text : `${text} ${subject}`,
        };
      case 'personal-takedown':
        return {
          contactName: name.length >= 2 ? name : `${name} ${name}`,
          email,
          contentType: 'other',
          infringementUrl: spamLink(),
          description: text.length >= 20 ? text : `${text} ${subject} ${spamLink()}`,
        };
      case 'commercial-takedown':
        return {
          companyName: name,
          contactName: name,
          email,
          contentType: 'other',
          infringementUrls: spamLink(),
          description: text,
          website: spamLink(),
        };
      case 'diy-free-template':
        return { name: `${name} ${text}`.slice(0, 200), email };
      default:
        return { name, email, message: text };
    }
  }

  function spam(
    kind: string,
    text: string,
    options: { form?: string; name?: string; subject?: string; email?: string; behaviour?: Behaviour; ip?: string } = {},
  ) {
    const form = options.form ?? pick(spamForms);
    const name = options.name ?? pick(F.SPAM_NAMES);
    const email = options.email ?? uniqueEmail(`${slug(name).replace(/-/g, '')}${int(1, 9999)}`, pick(F.SPAM_DOMAINS));
    const subject =
      options.subject ??
      pick(['Business proposal', 'Quick question', 'Partnership', 'Your website', 'Hello', 'Important', 'Re: your site']);
    add({ label: 'spam', kind, form, values: spamValues(form, text, name, email, subject), behaviour: options.behaviour, ip: options.ip });
  }

  const withLink = (t: string) => t.replace('{link}', spamLink()).replace('{n}', String(int(10000, 99999)));

  for (let i = 0; i < times(45); i++) {
    const links = Array.from({ length: int(4, 15) }, () => `${pick(F.LINK_FARM_LINES)} ${spamLink()}`);
    spam('link-farm', links.join(chance(0.5) ? '\n' : ' '));
  }
  for (let i = 0; i < times(40); i++) spam('seo-offer', typos(pick(F.SEO_OFFERS)));
  for (let i = 0; i < times(25); i++) spam('web-design-offer', pick(F.DESIGN_OFFERS));
  for (let i = 0; i < times(35); i++) spam('crypto-investment', withLink(pick(F.CRYPTO_OFFERS)));
  for (let i = 0; i < times(20); i++) spam('pharmacy', withLink(pick(F.PHARMA_OFFERS)));
  for (let i = 0; i < times(20); i++) spam('adult-offer', withLink(pick(F.ADULT_OFFERS)));
  for (let i = 0; i < times(20); i++)
    spam('fake-invoice', withLink(pick(F.INVOICE_SCAMS)), {
      subject: pick(['Invoice overdue', 'Payment failed', 'Domain expiry notice', 'Final notice']),
    });
  for (let i = 0; i < times(25); i++) spam('lead-or-marketing-offer', pick(F.LEAD_OFFERS));
  for (let i = 0; i < times(12); i++) spam('reputation-offer', pick(F.REPUTATION_OFFERS));
  for (let i = 0; i < times(20); i++) spam('copied-text', pick(F.COPIED_TEXT));
  for (let i = 0; i < times(20); i++) spam('form-filler', pick(F.FORM_FILLER));
  for (let i = 0; i < times(30); i++) {
    const noise = () => token(int(6, 14)).replace(/[0-9]/g, '');
    const name = chance(0.5) ? noise() : pick(F.SPAM_NAMES);
    spam('random-strings', Array.from({ length: int(3, 9) }, noise).join(' '), { name, subject: noise() });
  }
  // Campaigns: one text from many addresses within the same day.
  for (const text of F.CAMPAIGNS) {
    const form = pick(spamForms.slice(0, 2));
    for (let i = 0; i < int(8, 14); i++)
      spam('campaign', withLink(text).replace(/https:\/\/\S+/, 'https://visitor-leads.pro/trial'), { form });
  }

  // Bots that do what no person does. Their text is spam of the usual kinds, or a genuine-looking form fill.
  const BOT_TEXTS = [...F.FORM_FILLER, ...F.SEO_OFFERS, ...F.DESIGN_OFFERS, ...F.LEAD_OFFERS];
  for (const [behaviour, n] of [
    ['honeypot', times(35)],
    ['no-page', times(35)],
    ['fast', times(30)],
  ] as const) {
    for (let i = 0; i < n; i++) {
      const looksGenuine = i % 3 === 0;
      const text = looksGenuine
        ? pick(F.CREATOR_STORIES).replace('{what}', 'my photos').replace('{where}', pick(F.WHERE_WORDS))
        : withLink(pick(BOT_TEXTS));
      spam(`bot-${behaviour}`, text, { behaviour, form: pick(spamForms.slice(0, 4)), ip: nextIp('10.90') });
    }
  }

  // ------------------------------------------------------------------------------------------- write

  // A deterministic shuffle, so campaigns and bots arrive among people as they do.
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }

  return {
    note: 'Generated by bench/spam-corpus/generate.ts from fragments.ts; edit those and run it again.',
    items,
  };
}

export const CORPUS_FILE = join(import.meta.dirname, 'corpus.json');

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const corpus = buildCorpus();
  const items = corpus.items;
  const file = CORPUS_FILE;
  const text = `${JSON.stringify(corpus, null, 1)}\n`;
  if (process.argv.includes('--check')) {
    if (readFileSync(file, 'utf8') !== text) {
      console.error('bench/spam-corpus/corpus.json is not what generate.ts writes; run `npx tsx bench/spam-corpus/generate.ts`.');
      process.exit(1);
    }
  } else {
    writeFileSync(file, text);
    const by = (l: Label) => items.filter((x) => x.label === l).length;
    console.log(`Wrote ${items.length} items (${by('genuine')} genuine, ${by('spam')} spam) to ${file}.`);
  }
}
