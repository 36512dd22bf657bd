import { fork } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Problem, PublishAnswer } from '../../contracts/editor-contract';
import type { Logger } from '../logging';
import type { ReleaseStore } from '../store/releases';
import type { NewAuditEntry } from '../store/inbox-types';
import type { BuildOutcome } from './build-outcome';
import { authorOf, openContentGit, type ContentGit } from './content-git';
import { editorProblem, projectRelative } from './problems';
import { linkRefused, linksUnder } from '../content/content-files';
import { isReleaseId, newReleaseId, releaseFolders, type ReleaseRecord } from './release-folders';

export interface PublisherOptions {
  store: ReleaseStore & { audit(entry: NewAuditEntry): Promise<void> };
  /** RELEASES_DIR: one folder per release. */
  releasesDir: string;
  /** CONTENT_ROOT: the folder holding site/ (a git repository or inside one, or neither). */
  contentRoot: string;
  /** The project's own folder: scripts/build-release.ts, vite.config.ts and node_modules. */
  projectRoot: string;
  /** RELEASES_KEEP: how many releases stay ready to roll back to, the live one besides. */
  keep: number;
  /** PUBLISH_GIT_REMOTE: pushed after each publish's commit; none without it. */
  gitRemote: string | null;
  /** RELEASE_POLL_MS: how often this process asks the store which release is live. */
  pollMs: number;
  log: Logger;
  now?: () => Date;
  /**
   * Reads a finished build folder into the state the server answers from and returns the switch to
   * it; throws when the folder cannot be served (the site stays as it was).
   */
  prepare(folder: string): () => void;
  /** The deployed build (DIST_DIR): what the first publish takes unchanged files from. */
  deployedBuild?: string;
  /** The environment the build and git run with (the server's own). */
  env: NodeJS.ProcessEnv;
  /** The longest a build may take before it is stopped. */
  buildTimeoutMs?: number;
}

export type PublishResult =
  | { kind: 'published'; answer: PublishAnswer; steps?: Record<string, number> }
  | { kind: 'problems'; problems: Problem[] }
  | { kind: 'busy'; message: string }
  | { kind: 'unknown'; message: string };

const BUSY = 'A publish is already running. Wait for it to finish, then publish again if your change is not in it.';
const LOCK_FILE = '.publish.lock';

/** A problem with no file of its own: the whole site could not be built. */
const buildProblem = (message: string): Problem => ({ path: 'site/', pointer: '', message });

/**
 * Publishing on the production server: validate and build the content into a new release folder
 * (in a child process), commit it to the content's git repository when there is one, then make it
 * the live release in the store and switch this process to it in one step. Other processes follow
 * the store's live release by polling it. One publish at a time per releases folder.
 */
export function createPublisher(options: PublisherOptions) {
  const { store, log, keep } = options;
  const now = options.now ?? (() => new Date());
  const folders = releaseFolders(options.releasesDir);
  let serving: string | null = null;
  let busy = false;
  let timer: NodeJS.Timeout | undefined;
  let missingSaid: string | null = null;

  /** Takes the folder's lock (another process may be publishing into it); null when it is held by a live process. */
  function takeLock(): (() => void) | null {
    const file = join(options.releasesDir, LOCK_FILE);
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(file, 'wx');
        writeSync(fd, String(process.pid));
        closeSync(fd);
        return () => rmSync(file, { force: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        // A lock left by a process that died (killed mid-build) is taken over.
        const pid = Number(readFileSync(file, 'utf8'));
        if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) return null;
        rmSync(file, { force: true });
      }
    }
    return null;
  }

  /** Runs scripts/build-release.ts in its own process: a crash there never takes the server down. */
  function build(into: string, contentRoot: string, reuseFrom: string | null): Promise<BuildOutcome> {
    return new Promise((resolve) => {
      const args = [into, ...(reuseFrom ? ['--reuse-from', reuseFrom] : [])];
      const child = fork(join(options.projectRoot, 'scripts', 'build-release.ts'), args, {
        cwd: options.projectRoot,
        execArgv: ['--import', 'tsx'],
        env: { ...options.env, CONTENT_ROOT: contentRoot, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      });
      let said = '';
      const keepTail = (chunk: Buffer) => (said = (said + chunk.toString()).slice(-4000));
      child.stdout!.on('data', keepTail);
      child.stderr!.on('data', keepTail);
      let outcome: BuildOutcome | null = null;
      child.on('message', (m) => (outcome = m as BuildOutcome));
      const limit = setTimeout(() => child.kill('SIGKILL'), options.buildTimeoutMs ?? 300_000);
      child.on('error', (err) => {
        outcome ??= { kind: 'failed', message: err.message };
      });
      child.on('close', (code, signal) => {
        clearTimeout(limit);
        if (outcome?.kind === 'failed' || (!outcome && said)) log.error(`The publish build said:\n${said.trim()}`);
        resolve(outcome ?? { kind: 'failed', message: `the build stopped (${signal ?? `exit code ${code}`}) before it finished` });
      });
    });
  }

  /** Switches this process to a finished release; false (and the site as it was) when its folder cannot be served. */
  function serve(id: string): boolean {
    try {
      const swap = options.prepare(folders.folderOf(id));
      swap();
      serving = id;
      return true;
    } catch (err) {
      log.error({ err }, `Release ${id} could not be served; the site stays as it was`);
      return false;
    }
  }

  /** Removes the oldest releases beyond `keep`, never the live one, from the folder and the store. */
  async function prune(live: string): Promise<void> {
    const listed = await store.listReleases();
    const kept = new Set([
      live,
      ...listed
        .filter((r) => r.id !== live)
        .slice(0, keep)
        .map((r) => r.id),
    ]);
    const gone = [...new Set([...listed.map((r) => r.id), ...folders.list()])].filter((id) => !kept.has(id));
    for (const id of gone) folders.remove(id);
    await store.removeReleases(gone);
  }

  /** A publish that changed nothing, in the audit log and for the writer. */
  async function refused(by: string, problems: Problem[]): Promise<PublishResult> {
    await store.audit({
      actor: by,
      action: 'publish',
      leadId: null,
      detail: `publish refused: ${problems.length} problem(s); the live site is unchanged`,
    });
    return { kind: 'problems', problems };
  }

  async function publishLocked(by: string): Promise<PublishResult> {
    // A link under site/ would be copied, built and committed as whatever it points at: refused before anything is copied.
    const links = linksUnder(join(options.contentRoot, 'site'), 'site');
    if (links.length > 0)
      return refused(
        by,
        links.map((path) => ({ path, pointer: '', message: linkRefused(path) })),
      );
    const started = performance.now();
    const at = now();
    const id = newReleaseId(at);
    const live = await store.liveRelease();
    const building = folders.startBuild(id);
    const git = await openContentGit(options.contentRoot, options.env);
    // The files as they are now, built and committed alike: a save during the build waits for the next publish.
    const snapshot = `${building}-content`;
    cpSync(join(options.contentRoot, 'site'), join(snapshot, git?.prefix ?? '', 'site'), { recursive: true });
    try {
      return await buildAndSwitch({ id, at, by, started, building, snapshot, git, live });
    } finally {
      rmSync(snapshot, { recursive: true, force: true });
    }
  }

  /** The publish under way: its release id and time, who asked, its build and snapshot folders, the git repository and the live release. */
  interface Job {
    id: string;
    at: Date;
    by: string;
    started: number;
    building: string;
    snapshot: string;
    git: ContentGit | null;
    live: string | null;
  }

  async function buildAndSwitch({ id, at, by, started, building, snapshot, git, live }: Job): Promise<PublishResult> {
    const reuse = live && folders.isComplete(live) ? folders.folderOf(live) : (options.deployedBuild ?? null);
    const outcome = await build(
      building,
      join(snapshot, git?.prefix ?? ''),
      reuse && existsSync(join(reuse, 'client', 'index.html')) ? reuse : null,
    );
    const built = performance.now();
    const refuse = async (problems: Problem[]): Promise<PublishResult> => {
      rmSync(building, { recursive: true, force: true });
      return refused(by, problems);
    };
    // The server's folders as a content user knows them: the snapshot is their site/, the rest the project's.
    const shown = (message: string) =>
      projectRelative(message.split('\n')[0]!, {
        [join(snapshot, git?.prefix ?? '')]: '',
        [building]: 'the new release',
        [options.releasesDir]: 'releases',
        [options.contentRoot]: '',
        [options.projectRoot]: '',
      });
    if (outcome.kind === 'problems') return refuse(outcome.problems.map(editorProblem));
    if (outcome.kind === 'failed')
      return refuse([buildProblem(`The site could not be built, so nothing was published: ${shown(outcome.message)}`)]);
    const committing = performance.now();
    let commit: string | undefined;
    let release: ReleaseRecord;
    let swap: () => void;
    let committed: number;
    try {
      if (git) commit = await git.commit(snapshot, `Publish ${id}`, authorOf(by));
      committed = performance.now();
      release = { id, publishedAt: at.toISOString(), by, ...(commit ? { commit } : {}) };
      folders.finish(building, release);
      // Read in full before anything says it is live: a folder that cannot be served is never switched to.
      swap = options.prepare(folders.folderOf(id));
      await store.addLiveRelease(release);
    } catch (err) {
      log.error({ err }, `Publish ${id} failed after its build; the live site is unchanged`);
      folders.remove(id);
      return refuse([buildProblem(`The site was built but could not be published: ${shown((err as Error).message)}`)]);
    }
    swap();
    serving = id;
    folders.pointCurrentAt(id);
    const durationMs = Math.round(performance.now() - started);
    const ms = (from: number, to: number) => Math.round(to - from);
    // The build process's own steps, and around them: starting it, committing, switching.
    const timings = {
      ...outcome.steps,
      process: ms(started, built),
      git: ms(committing, committed),
      switch: ms(committed, performance.now()),
    };
    let pushed = '';
    if (git && commit && options.gitRemote) {
      pushed = await git.push(options.gitRemote).then(
        () => `, pushed to ${options.gitRemote}`,
        (err: unknown) => {
          log.error({ err }, `Publish ${id}: the push to ${options.gitRemote} failed; the site is published here`);
          return `, push to ${options.gitRemote} failed`;
        },
      );
    }
    const steps = Object.entries(timings)
      .map(([step, ms]) => `${step} ${ms} ms`)
      .join(', ');
    await store.audit({
      actor: by,
      action: 'publish',
      leadId: null,
      detail: `published release ${id} (${outcome.pages} pages${commit ? `, commit ${commit.slice(0, 12)}` : ''}${pushed}) in ${durationMs} ms`,
    });
    log.info(`Published release ${id} for ${by} in ${durationMs} ms (${steps})`);
    await prune(id).catch((err: unknown) => log.error({ err }, 'Pruning old releases failed'));
    return { kind: 'published', answer: { release: { ...release, live: true }, durationMs }, steps: timings };
  }

  return {
    /** Validates, builds and switches to a new release; the live site is untouched unless it all succeeded. */
    async publish(by: string): Promise<PublishResult> {
      if (busy) return { kind: 'busy', message: BUSY };
      busy = true;
      try {
        mkdirSync(options.releasesDir, { recursive: true });
        const unlock = takeLock();
        if (!unlock) return { kind: 'busy', message: BUSY };
        try {
          return await publishLocked(by);
        } finally {
          unlock();
        }
      } finally {
        busy = false;
      }
    },

    /** Makes an earlier release live again, here at once and in every other process at its next poll. */
    async rollback(id: string, by: string): Promise<PublishResult> {
      if (busy) return { kind: 'busy', message: BUSY };
      const started = performance.now();
      if (!isReleaseId(id) || !folders.isComplete(id) || !(await store.listReleases()).some((r) => r.id === id))
        return {
          kind: 'unknown',
          message: `There is no release ${isReleaseId(id) ? id : 'with that id'} to roll back to. Pick one from History.`,
        };
      busy = true;
      try {
        const swap = options.prepare(folders.folderOf(id));
        if (!(await store.setLiveRelease(id))) return { kind: 'unknown', message: `Release ${id} is no longer kept.` };
        swap();
        serving = id;
        folders.pointCurrentAt(id);
        await store.audit({ actor: by, action: 'rollback', leadId: null, detail: `rolled the site back to release ${id}` });
        log.info(`Rolled the site back to release ${id} for ${by}`);
        const release = (await store.listReleases()).find((r) => r.id === id)!;
        return { kind: 'published', answer: { release, durationMs: Math.round(performance.now() - started) } };
      } finally {
        busy = false;
      }
    },

    list: () => store.listReleases(),

    /** The folder to serve at start: the live release's, or null (the deployed build) before the first publish. */
    async liveFolder(): Promise<string | null> {
      const live = await store.liveRelease();
      if (!live || !folders.isComplete(live)) return null;
      serving = live;
      return folders.folderOf(live);
    },

    /** Follows the store: switches when another process made another release live. */
    async follow(): Promise<void> {
      const live = await store.liveRelease();
      if (!live || live === serving || busy) return;
      if (!folders.isComplete(live)) {
        if (missingSaid !== live)
          log.warn(`Release ${live} is live, but ${folders.folderOf(live)} is not here; still serving ${serving ?? 'the deployed build'}.`);
        missingSaid = live;
        return;
      }
      if (serve(live)) log.info(`Now serving release ${live}, published by another process`);
    },

    start(): void {
      timer = setInterval(() => {
        this.follow().catch((err: unknown) => log.warn({ err }, 'Could not ask the store which release is live'));
      }, options.pollMs);
      timer.unref();
    },

    stop(): void {
      clearInterval(timer);
    },

    get serving() {
      return serving;
    },
  };
}

export type Publisher = ReturnType<typeof createPublisher>;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The project folder a publish builds with (scripts/, vite.config.ts, node_modules): the nearest
 * folder above this module that has the release build script (the server runs from dist/server/
 * or from server/publish/), else the working folder.
 */
export function findProjectRoot(from: string, fallback: string): string {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) if (existsSync(join(dir, 'scripts', 'build-release.ts'))) return dir;
  return fallback;
}
