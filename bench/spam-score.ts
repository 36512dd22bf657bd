// The spam score's own CPU per submission, in process: every submission of the spam corpus
// (bench/spam-corpus/) that its form accepts, scored with every signal against a SQLite store that
// holds the training split marked as the team would (so the filter votes), as the server scores it.
//
// `node --import tsx bench/spam-score.ts [passes] [other checkout]` prints JSON: the CPU of one
// score, median (and range) over the passes. Given the root of another checkout of the project
// (with its node_modules), its scorer is measured too, in passes alternating with this one's, and
// the two verdicts of every submission are compared: a change to the score's speed shows its cost
// or saving and that it decides nothing differently.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spread } from './lib/stats';
import { CORPUS_FILE, type Corpus } from './spam-corpus/generate';
import { loadSite } from '../engine/content/load-site';
import { buildPayload, type SubmissionRules } from '../engine/forms/payload';
import { readSchemas, readSiteFiles } from '../scripts/read-project';
import { checkSubmission } from '../server/api/form-validation';
import { formValidatorsSource, loadFormValidators } from '../server/api/form-validators-code';
import { DEFAULT_SPAM } from '../server/config';
import * as thisClassifier from '../server/spam/classifier';
import * as thisScore from '../server/spam/score';
import { DEFAULT_SPAM_WEIGHTS } from '../server/spam/signals';
import { createSqliteStore } from '../server/store/sqlite';

type ScoreModule = Pick<typeof thisScore, 'createSpamScorer'>;
type ClassifierModule = Pick<typeof thisClassifier, 'keptCounts'>;
interface Submission {
  form: SubmissionRules;
  payload: Record<string, unknown>;
  split: 'train' | 'test';
  genuine: boolean;
}

const [passesArg = '9', otherRoot] = process.argv.slice(2);
const passes = Number(passesArg);

const { model } = loadSite(readSiteFiles(), readSchemas());
if (!model) throw new Error('site/ does not load; run npm run validate');
const corpus = JSON.parse(readFileSync(CORPUS_FILE, 'utf8')) as Corpus;
const checked = { forms: model.forms, apiPayloads: model.apiPayloads };
const { forms, apiPayloads } = loadFormValidators(formValidatorsSource(checked), checked);

/** What the server scores: the submissions their form accepts, without a filled honeypot. */
const submissions: Submission[] = [];
for (const item of corpus.items) {
  const target = item.form ? forms.get(item.form) : [...apiPayloads.values()].find((c) => c.form.submit.endpoint === item.endpoint);
  if (!target) continue;
  const outcome = checkSubmission(target, item.form ? buildPayload(model.forms[item.form]!, item.values) : item.values);
  if (outcome.ok && !outcome.spam)
    submissions.push({ form: target.form, payload: outcome.payload, split: item.split, genuine: item.label === 'genuine' });
}

const dir = mkdtempSync(join(tmpdir(), 'bench-spam-score-'));
const store = createSqliteStore({ file: join(dir, 'leads.sqlite') });

/** A scorer as the server makes one (server/create-server.ts), from one checkout's modules. */
function scorer(score: ScoreModule, classifier: ClassifierModule) {
  return score.createSpamScorer({
    weights: DEFAULT_SPAM_WEIGHTS,
    threshold: DEFAULT_SPAM.threshold,
    language: model!.site.language,
    words: model!.spamWords,
    countSameMessage: (query) => store.spam.countSameMessage(query),
    classifier: {
      minMarks: DEFAULT_SPAM.classifierMinMarks,
      weight: DEFAULT_SPAM.classifierWeight,
      counts: classifier.keptCounts((keys) => store.spam.classifierCounts(keys)),
    },
  });
}

const tenth = (x: number) => Math.round(x * 10) / 10;
const summary = (xs: readonly number[]) => {
  const { median, min, max } = spread(xs);
  return { median: tenth(median), min: tenth(min), max: tenth(max) };
};

try {
  await store.init();
  // The training split, stored and marked: spam as Spam, a genuine lead as Spam and then Not spam.
  const train = scorer(thisScore, thisClassifier);
  for (const s of submissions.filter((x) => x.split === 'train')) {
    const verdict = await train({ form: s.form, payload: s.payload });
    const lead = await store.leads.insertLead({
      endpoint: s.form.submit.endpoint,
      formType: s.form.submit.formType,
      formId: s.form.id,
      payload: s.payload,
      messageHash: verdict.messageHash,
      senderHash: verdict.senderHash,
    });
    await store.inbox.changeLead(lead.id, { spam: true }, 'bench@example.com');
    if (s.genuine) await store.inbox.changeLead(lead.id, { spam: false }, 'bench@example.com');
  }
  const sides: Array<{ name: string; modules: [ScoreModule, ClassifierModule] }> = [{ name: 'this', modules: [thisScore, thisClassifier] }];
  if (otherRoot) {
    const root = resolve(otherRoot);
    const modules: [ScoreModule, ClassifierModule] = [
      (await import(join(root, 'server', 'spam', 'score.ts'))) as ScoreModule,
      (await import(join(root, 'server', 'spam', 'classifier.ts'))) as ClassifierModule,
    ];
    sides.push({ name: 'other', modules });
  }
  // Every verdict of both, submission by submission, each from a scorer of its own.
  let differ: number | null = null;
  if (sides.length === 2) {
    const [a, b] = sides.map((side) => scorer(...side.modules));
    differ = 0;
    for (const s of submissions) {
      const input = { form: s.form, payload: s.payload };
      if (JSON.stringify(await a!(input)) !== JSON.stringify(await b!(input))) differ++;
    }
  }
  const cpu = new Map<string, number[]>(sides.map((side) => [side.name, []]));
  for (let pass = 0; pass < passes; pass++) {
    // Alternating which goes first, each pass with a new scorer (its kept counts empty, as after a start).
    for (const side of pass % 2 ? [...sides].reverse() : sides) {
      const score = scorer(...side.modules);
      const before = process.cpuUsage();
      for (const s of submissions) await score({ form: s.form, payload: s.payload });
      const used = process.cpuUsage(before);
      cpu.get(side.name)!.push((used.user + used.system) / submissions.length);
    }
  }
  console.log(
    JSON.stringify({
      submissions: submissions.length,
      marks: await store.spam.classifierMarks(),
      passes,
      cpuUsPerScore: Object.fromEntries([...cpu].map(([name, xs]) => [name, summary(xs)])),
      ...(differ === null ? {} : { other: resolve(otherRoot!), verdictsDiffer: differ }),
    }),
  );
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
