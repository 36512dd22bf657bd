// The link check moved to the engine, where the content editor checks a draft's links too.
export * from '../engine/content/check-links';
