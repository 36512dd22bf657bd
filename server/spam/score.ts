import { hash } from 'node:crypto';
import { messageFromChoices, type SubmissionRules } from '../../engine/forms/payload';
import { classifierSignal, type ClassifierOptions } from './classifier';
import type { MailDomainCheck } from './mail-domain';
import {
  compileWordList,
  linkSignal,
  randomTextSignal,
  readFreeText,
  scriptSignal,
  wordSignal,
  type FreeText,
  type SpamReason,
  type SpamWeights,
  type WordList,
} from './signals';

/** A submission's score and why; quarantined when the score reaches the threshold. */
export interface SpamVerdict {
  score: number;
  /** The score reached the threshold: the lead goes to quarantine. */
  quarantined: boolean;
  reasons: SpamReason[];
  /** Kept with the lead, so later copies of the same message from other addresses can be counted. */
  messageHash: string | null;
  senderHash: string | null;
}

/** The same message from this many other addresses within SAME_MESSAGE_WINDOW_MS is a campaign. */
export const SAME_MESSAGE_OTHERS = 2;
export const SAME_MESSAGE_WINDOW_MS = 24 * 60 * 60_000;
/** Messages shorter than this (as words) are too common to count as copies: "Please call me back." */
const MIN_MESSAGE_LENGTH = 40;

export interface SpamScorerOptions {
  weights: SpamWeights;
  /** SPAM_QUARANTINE_SCORE: a lead scoring this much or more is quarantined. */
  threshold: number;
  /** site/site.yaml's language: a message mostly in another script is a signal. */
  language: string;
  /** The team's list (site/data/spam-words.yaml). */
  words: readonly string[];
  /** How many other senders sent the message with this hash since then; the store answers it. */
  countSameMessage: (query: { messageHash: string; senderHash: string | null; since: Date }) => Promise<number>;
  /** Whether the address's domain can receive mail; without it (SPAM_MAIL_CHECK=off) it is not asked. */
  mailDomain?: MailDomainCheck;
  /** The filter the team's marks train; not asked without it. */
  classifier?: ClassifierOptions;
  now?: () => Date;
}

export interface SpamInput {
  form: SubmissionRules;
  payload: Record<string, unknown>;
}

export type SpamScorer = (input: SpamInput) => Promise<SpamVerdict>;

type Property = { type?: unknown; format?: unknown; oneOf?: unknown; enum?: unknown; const?: unknown };

/**
 * The values a person typed freely: text fields that are not an address, a link field or a choice,
 * nor the message the form wrote from the visitor's choices when they wrote none (many visitors
 * choose alike, and their identical messages are no campaign).
 */
export function freeTexts(form: SubmissionRules, payload: Record<string, unknown>): { all: string[]; messages: string[] } {
  const properties = (form.fields.properties ?? {}) as Record<string, Property>;
  const ui = (form.ui ?? {}) as Record<string, { 'ui:widget'?: string } | undefined>;
  const composed = messageFromChoices(form, payload);
  const all: string[] = [];
  const messages: string[] = [];
  for (const [name, value] of Object.entries(payload)) {
    const p = properties[name];
    if (typeof value !== 'string' || !value.trim() || name === 'email') continue;
    // A takedown notice's address list is what the form asks for, not links in a message.
    if (ui[name]?.['ui:widget'] === 'addresses') continue;
    if (name === 'message' && composed !== '' && value === composed) continue;
    if (p && (p.format !== undefined || p.oneOf !== undefined || p.enum !== undefined || p.const !== undefined)) continue;
    all.push(value);
    if (ui[name]?.['ui:widget'] === 'textarea' || name === 'message') messages.push(value);
  }
  return { all, messages };
}

const sha256 = (text: string) => hash('sha256', text, 'hex');

/** The message as words (case, spacing and punctuation aside), hashed; null for a short one. */
export function messageHashOf(messages: readonly FreeText[]): string | null {
  const normalised = messages.flatMap((m) => m.words).join(' ');
  return normalised.length >= MIN_MESSAGE_LENGTH ? sha256(`message\0${normalised}`) : null;
}

export function senderHashOf(email: unknown): string | null {
  return typeof email === 'string' && email.includes('@') ? sha256(`sender\0${email.trim().toLowerCase()}`) : null;
}

/** Scores each submission on every signal; the ones that fire are its reasons, heaviest first. */
export function createSpamScorer(options: SpamScorerOptions): SpamScorer {
  const { weights, language, countSameMessage, mailDomain, classifier, now = () => new Date() } = options;
  const list: WordList = compileWordList(options.words);
  return async ({ form, payload }) => {
    const texts = freeTexts(form, payload);
    // Each text's words and addresses are found once, for every signal that reads them.
    const read = new Map(texts.all.map((t) => [t, readFreeText(t)]));
    const all = texts.all.map((t) => read.get(t)!);
    const messageHash = messageHashOf(texts.messages.map((t) => read.get(t)!));
    const senderHash = senderHashOf(payload.email);
    const reasons: Array<SpamReason | null> = [
      linkSignal(all, weights.links),
      wordSignal(all, list, weights.words),
      scriptSignal(all, language, weights.script),
      randomTextSignal(all, weights['random-text']),
    ];
    const email = typeof payload.email === 'string' ? payload.email : '';
    const domain = email.slice(email.lastIndexOf('@') + 1);
    const [others, receives, learned] = await Promise.all([
      messageHash ? countSameMessage({ messageHash, senderHash, since: new Date(now().getTime() - SAME_MESSAGE_WINDOW_MS) }) : 0,
      mailDomain && email.includes('@') ? mailDomain(domain) : 'unknown',
      classifier ? classifierSignal(payload, classifier) : null,
    ]);
    reasons.push(learned);
    if (others >= SAME_MESSAGE_OTHERS)
      reasons.push({
        code: 'same-message',
        weight: weights['same-message'],
        detail: `the same message came from ${others} other addresses within a day`,
      });
    if (receives === 'no')
      reasons.push({ code: 'mail-domain', weight: weights['mail-domain'], detail: "the e-mail address's domain cannot receive mail" });
    // The filter's reason stays at 0 points while it only advises: the team sees what it would say.
    const found = reasons
      .filter((r): r is SpamReason => r !== null && (r.weight > 0 || r.code === 'classifier'))
      .sort((a, b) => b.weight - a.weight);
    const score = found.reduce((sum, r) => sum + r.weight, 0);
    return { score, quarantined: score >= options.threshold, reasons: found, messageHash, senderHash };
  };
}
