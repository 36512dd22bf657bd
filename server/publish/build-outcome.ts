import type { Problem as ContentProblem } from '../../engine/content/problem';

/** What a publish's build process (scripts/build-release.ts) tells the server. */
export type BuildOutcome =
  | { kind: 'built'; pages: number; steps: Record<string, number> }
  | { kind: 'problems'; problems: ContentProblem[] }
  | { kind: 'failed'; message: string };

/** One build the server asks of the build process: the folder holding site/, the release folder to fill, and a finished build to take what is the same from. */
export interface BuildJob {
  contentRoot: string;
  outDir: string;
  reuseFrom: string | null;
}

/** How long the server keeps the build process for the next publish, in ms. */
export const BUILDER_IDLE_MS = 10 * 60_000;
/** How many releases one build process builds before the server lets it go and the next publish starts a fresh one. */
export const BUILDER_MAX_BUILDS = 25;
