import type { Problem as ContentProblem } from '../../engine/content/problem';

/** What a publish's build process (scripts/build-release.ts) tells the server. */
export type BuildOutcome =
  | { kind: 'built'; pages: number; steps: Record<string, number> }
  | { kind: 'problems'; problems: ContentProblem[] }
  | { kind: 'failed'; message: string };
