/**
 * The spam filter's counts in the store, on both backends: "Spam", "Not spam" and a release train
 * it in the mark's transaction, a re-mark undoes the earlier one, counts never go below 0, and the
 * scorer advises with 0 points until 200 marks of each kind, then votes.
 */
import { describe, expect, it } from 'vitest';
import type { SubmissionRules } from '../../../engine/forms/payload';
import { DEFAULT_SPAM } from '../../../server/config';
import { classifierTokens, keptCounts, tokenKey, TOTALS_KEY } from '../../../server/spam/classifier';
import { createSpamScorer } from '../../../server/spam/score';
import { DEFAULT_SPAM_WEIGHTS } from '../../../server/spam/signals';
import type { LeadStore, NewLead } from '../../../server/store/types';
import { backends, useFreshStores } from './store-backends';

const ANN = 'ann@example.com';
const SPAM = { name: 'Max', email: 'max@offers.example', message: 'Cheap backlinks and casino bonus for your site' };
const GENUINE = { name: 'Dana', email: 'dana@studio.example', message: 'Someone copied my photographs without asking' };

const lead = (payload: Record<string, unknown>, extra: Partial<NewLead> = {}): NewLead => ({
  endpoint: '/api/contact',
  formType: 'contact',
  formId: 'contact',
  payload,
  ...extra,
});

/** The stored counts of a payload's tokens, by token, and the marks. */
async function countsOf(store: LeadStore, payload: Record<string, unknown>) {
  const tokens = classifierTokens(payload);
  const found = await store.spam.classifierCounts([TOTALS_KEY, ...tokens.map(tokenKey)]);
  return { marks: await store.spam.classifierMarks(), tokens: tokens.map((t) => found.get(tokenKey(t)) ?? null), rows: found.size };
}

const form = {
  id: 'contact',
  title: 'Contact',
  submit: { endpoint: '/api/contact', formType: 'contact' },
  fields: {
    type: 'object',
    properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' }, message: { type: 'string' } },
  },
} as unknown as SubmissionRules;

describe.each(backends)('%s spam filter', (_name, backend) => {
  describe.skipIf(backend.skipReason !== null)(backend.where, { timeout: 60_000 }, () => {
    const fresh = useFreshStores(backend);

    it('counts a process keeps follow every mark made since, by any process', async () => {
      const store = await fresh.store();
      const kept = keptCounts((keys) => store.spam.classifierCounts(keys));
      const keys = [TOTALS_KEY, ...classifierTokens(SPAM).map(tokenKey)];
      const { id } = await store.leads.insertLead(lead(SPAM));
      expect((await kept(keys)).size).toBe(0);
      await store.inbox.changeLead(id, { spam: true }, ANN);
      expect((await kept(keys)).get(TOTALS_KEY)).toEqual({ spam: 1, ham: 0 });
      await store.inbox.changeLead(id, { spam: false }, ANN);
      const after = await kept(keys);
      expect(after.get(TOTALS_KEY)).toEqual({ spam: 0, ham: 1 });
      expect(after.get(keys[1]!)).toEqual({ spam: 0, ham: 1 });
    });

    it('a lead the team takes up teaches "not spam" once; a lead called spam, or held, teaches nothing that way', async () => {
      const store = await fresh.store();
      const { id } = await store.leads.insertLead(lead(GENUINE));
      await store.inbox.changeLead(id, { status: 'in_progress' }, ANN);
      expect((await countsOf(store, GENUINE)).marks).toEqual({ spam: 0, ham: 1 });
      // Done later: still one lead kept, counted once.
      await store.inbox.changeLead(id, { status: 'done' }, ANN);
      expect((await countsOf(store, GENUINE)).marks).toEqual({ spam: 0, ham: 1 });
      // Called spam after all: the earlier lesson is undone.
      await store.inbox.changeLead(id, { spam: true }, ANN);
      expect((await countsOf(store, GENUINE)).marks).toEqual({ spam: 1, ham: 0 });

      const flagged = await store.leads.insertLead(lead(SPAM));
      await store.inbox.changeLead(flagged.id, { spam: true }, ANN);
      await store.inbox.changeLead(flagged.id, { status: 'done' }, ANN);
      const held = await store.leads.insertLead(lead(GENUINE, { quarantine: { score: 6, reasons: [] }, notifications: [] }));
      await store.inbox.changeLead(held.id, { status: 'done' }, ANN);
      expect(await store.spam.classifierMarks()).toEqual({ spam: 2, ham: 0 });
    });

    it('a mark trains, the same mark again changes nothing, and the opposite mark undoes it first', async () => {
      const store = await fresh.store();
      const { id } = await store.leads.insertLead(lead(SPAM));
      expect((await countsOf(store, SPAM)).rows).toBe(0);

      await store.inbox.changeLead(id, { spam: true }, ANN);
      let seen = await countsOf(store, SPAM);
      expect(seen.marks).toEqual({ spam: 1, ham: 0 });
      expect(seen.tokens.every((t) => t?.spam === 1 && t.ham === 0)).toBe(true);

      // Asked again (a second click, a bulk change): nothing more is counted.
      expect((await store.inbox.changeLead(id, { spam: true }, ANN))!.changed).toBe(false);
      expect((await countsOf(store, SPAM)).marks).toEqual({ spam: 1, ham: 0 });

      // A wrong call: "Not spam" takes the spam counts off and adds the not-spam ones.
      await store.inbox.changeLead(id, { spam: false }, ANN);
      seen = await countsOf(store, SPAM);
      expect(seen.marks).toEqual({ spam: 0, ham: 1 });
      expect(seen.tokens.every((t) => t?.spam === 0 && t.ham === 1)).toBe(true);

      // And back: the store holds exactly one spam mark, as after the first.
      await store.inbox.changeLead(id, { spam: true }, ANN);
      seen = await countsOf(store, SPAM);
      expect(seen.marks).toEqual({ spam: 1, ham: 0 });
      expect(seen.tokens.every((t) => t?.spam === 1 && t.ham === 0)).toBe(true);
      expect((await store.audit.listLead(id)).filter((e) => e.action === 'spam').map((e) => e.detail)).toEqual([
        'marked as spam',
        'marked as not spam',
        'marked as spam',
      ]);
    });

    it('a release counts as not spam; counts never go below 0, and tokens back at 0 leave the table', async () => {
      const store = await fresh.store();
      const target = await fresh.target();
      const held = await store.leads.insertLead(lead(GENUINE, { quarantine: { score: 6, reasons: [] }, notifications: [] }));
      await store.inbox.releaseLead(held.id, ANN);
      expect((await countsOf(store, GENUINE)).marks).toEqual({ spam: 0, ham: 1 });
      // Released again (nothing held any more) or "Not spam" on a lead not marked: nothing more is learned.
      await store.inbox.releaseLead(held.id, ANN);
      await store.inbox.changeLead(held.id, { spam: false }, ANN);
      expect((await countsOf(store, GENUINE)).marks).toEqual({ spam: 0, ham: 1 });

      // A token whose count someone cut by hand is not taken below 0 when the mark is undone.
      await target.exec(`UPDATE spam_tokens SET ham = 0 WHERE token = '${tokenKey('photographs')}'`);
      await store.inbox.changeLead(held.id, { spam: true }, ANN);
      const seen = await countsOf(store, GENUINE);
      expect(seen.marks).toEqual({ spam: 1, ham: 0 });
      expect(seen.tokens.every((t) => t !== null && t.spam === 1 && t.ham === 0)).toBe(true);
      expect(await target.count('SELECT count(*) FROM spam_tokens WHERE spam < 0 OR ham < 0')).toBe(0);
      expect(await target.count('SELECT count(*) FROM spam_tokens WHERE ham > 0')).toBe(0);

      // Erased, the lead keeps what it taught (its words are gone, nothing is left to untrain): a later mark changes nothing.
      await store.inbox.eraseLead(held.id, ANN);
      await store.inbox.changeLead(held.id, { spam: false }, ANN);
      expect((await countsOf(store, GENUINE)).marks).toEqual({ spam: 1, ham: 0 });
    });

    it('a mark that fails part-way trains nothing', async () => {
      const store = await fresh.store();
      const target = await fresh.target();
      const { id } = await store.leads.insertLead(lead(SPAM));
      await target.exec(
        backend.name === 'SQLite'
          ? "CREATE TRIGGER fail_audit BEFORE INSERT ON audit_log WHEN NEW.action = 'spam' BEGIN SELECT RAISE(ABORT, 'disk gone'); END"
          : "CREATE FUNCTION fail_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk gone'; END $$; CREATE TRIGGER fail_audit BEFORE INSERT ON audit_log FOR EACH ROW WHEN (NEW.action = 'spam') EXECUTE FUNCTION fail_audit()",
      );
      await expect(store.inbox.changeLead(id, { spam: true }, ANN)).rejects.toThrow(/disk gone/);
      expect((await countsOf(store, SPAM)).rows).toBe(0);
      expect((await store.inbox.getLead(id))!.spam).toBe(false);
    });

    it('two processes marking at once count every mark', async () => {
      const target = await fresh.target();
      const [one, two] = [target.open(), target.open()];
      fresh.track(one, two);
      await one.init();
      await two.init();
      const ids = await Promise.all(Array.from({ length: 10 }, () => one.leads.insertLead(lead(SPAM)).then((l) => l.id)));
      await Promise.all(ids.map((id, i) => (i % 2 ? one : two).inbox.changeLead(id, { spam: true }, ANN)));
      const seen = await countsOf(one, SPAM);
      expect(seen.marks).toEqual({ spam: 10, ham: 0 });
      expect(seen.tokens.every((t) => t?.spam === 10)).toBe(true);
    });

    it(`the scorer advises with 0 points until ${DEFAULT_SPAM.classifierMinMarks} marks of each kind, then votes`, async () => {
      const store = await fresh.store();
      const min = DEFAULT_SPAM.classifierMinMarks;
      const score = createSpamScorer({
        weights: DEFAULT_SPAM_WEIGHTS,
        threshold: 5,
        language: 'en',
        words: [],
        countSameMessage: async () => 0,
        classifier: { minMarks: min, weight: DEFAULT_SPAM.classifierWeight, counts: (keys) => store.spam.classifierCounts(keys) },
      });
      const reasonFor = async (payload: Record<string, unknown>) =>
        (await score({ form, payload })).reasons.find((r) => r.code === 'classifier');
      // Seeded through the store as the team would: each lead marked in the inbox.
      const mark = async (payload: Record<string, unknown>, spam: boolean, n: number) => {
        for (let i = 0; i < n; i++) {
          const { id } = await store.leads.insertLead(lead({ ...payload, name: `Visitor ${i}` }));
          if (spam) await store.inbox.changeLead(id, { spam: true }, ANN);
          else {
            await store.inbox.changeLead(id, { spam: true }, ANN);
            await store.inbox.changeLead(id, { spam: false }, ANN);
          }
        }
      };
      expect(await reasonFor(SPAM)).toBeUndefined();
      await mark(SPAM, true, min);
      await mark(GENUINE, false, min - 1);
      expect(await store.spam.classifierMarks()).toEqual({ spam: min, ham: min - 1 });
      const advice = (await reasonFor(SPAM))!;
      expect(advice.weight).toBe(0);
      expect(advice.detail).toMatch(/\b(9\d|100)% likely spam .*; advisory/);

      await mark(GENUINE, false, 1);
      const vote = await score({ form, payload: SPAM });
      expect(vote.reasons.find((r) => r.code === 'classifier')!.weight).toBe(DEFAULT_SPAM.classifierWeight);
      expect(vote.score).toBe(DEFAULT_SPAM.classifierWeight);
      const calm = await score({ form, payload: { ...GENUINE, name: 'Lee' } });
      expect(calm.reasons.find((r) => r.code === 'classifier')!.weight).toBe(0);
      expect(calm.score).toBe(0);
    });
  });
});
