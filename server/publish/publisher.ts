import { fork, type ChildProcess } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ChangedFile, FileDiff, PendingChanges, Problem, PublishAnswer, Release, RollbackPlan } from '../../contracts/editor-contract';
import { createAuditLog } from '../admin/audit';
import type { Logger } from '../logging';
import type { LeadStore } from '../store/types';
import { BUILDER_IDLE_MS, BUILDER_MAX_BUILDS, type BuildJob, type BuildOutcome } from './build-outcome';
import { authorOf, commitMessage, openContentGit, type ContentGit } from './content-git';
import {
  changedFiles,
  describeFile,
  fileDiff,
  messageFrom,
  readContentFiles,
  RELEASE_CONTENT,
  savesSince,
  type ContentFiles,
} from './release-content';
import { editorProblem, projectRelative } from './problems';
import { linkRefused, linksUnder } from '../content/content-files';
import { isReleaseId, newReleaseId, releaseFolders, type ReleaseRecord } from './release-folders';

export interface PublisherOptions {
  /** Its releases, and the audit log: it writes its lines there, and reads the editor's saves from it. */
  store: Pick<LeadStore, 'releases' | 'audit'>;
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
/** The longest publish message kept; the rest of a longer one is cut. */
const MESSAGE_LENGTH = 500;
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
  const auditLog = createAuditLog(store.audit);
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

  /** The build process between publishes, with its modules loaded; null before the first or once it was let go. */
  let builder: ChildProcess | null = null;
  let builderBuilds = 0;
  let builderIdle: NodeJS.Timeout | undefined;

  /** Lets the build process go (it exits once its channel closes); the next publish starts another. */
  function retireBuilder(): void {
    clearTimeout(builderIdle);
    const child = builder;
    builder = null;
    if (child?.connected) child.disconnect();
  }

  /** The build process, started when there is none: scripts/build-release.ts, which takes one job after another. */
  function builderProcess(): ChildProcess {
    if (builder) return builder;
    const child = fork(join(options.projectRoot, 'scripts', 'build-release.ts'), [], {
      cwd: options.projectRoot,
      execArgv: ['--import', 'tsx'],
      env: { ...options.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    child.on('exit', () => {
      if (builder === child) builder = null;
    });
    child.on('error', () => {
      if (builder === child) builder = null;
    });
    builder = child;
    builderBuilds = 0;
    return child;
  }

  /** Whether the build process keeps this process running: only while it builds, so a server or test can end between publishes. */
  function hold(child: ChildProcess, held: boolean) {
    for (const handle of [child, child.channel, child.stdout, child.stderr] as Array<{ ref?(): void; unref?(): void } | null>)
      if (held) handle?.ref?.();
      else handle?.unref?.();
  }

  /** Builds in the build process, its own: a crash there never takes the server down, and the next publish starts another. */
  function build(into: string, contentRoot: string, reuseFrom: string | null): Promise<BuildOutcome> {
    clearTimeout(builderIdle);
    const child = builderProcess();
    hold(child, true);
    return new Promise((resolve) => {
      let said = '';
      const keepTail = (chunk: Buffer) => (said = (said + chunk.toString()).slice(-4000));
      child.stdout!.on('data', keepTail);
      child.stderr!.on('data', keepTail);
      const limit = setTimeout(() => child.kill('SIGKILL'), options.buildTimeoutMs ?? 300_000);
      const finish = (outcome: BuildOutcome) => {
        clearTimeout(limit);
        child.stdout!.off('data', keepTail);
        child.stderr!.off('data', keepTail);
        child.off('message', answered);
        child.off('exit', stopped);
        child.off('error', failed);
        hold(child, false);
        // Kept for the next publish for a while: writers often publish again soon. A fresh one after a
        // failed build, and now and then, keeps it from carrying a broken state or growing memory.
        if (outcome.kind === 'failed' || ++builderBuilds >= BUILDER_MAX_BUILDS) retireBuilder();
        else builderIdle = setTimeout(retireBuilder, BUILDER_IDLE_MS).unref();
        if (outcome.kind === 'failed' && said) log.error(`The publish build said:\n${said.trim()}`);
        resolve(outcome);
      };
      const answered = (m: unknown) => finish(m as BuildOutcome);
      const stopped = (code: number | null, signal: NodeJS.Signals | null) =>
        finish({ kind: 'failed', message: `the build stopped (${signal ?? `exit code ${code}`}) before it finished` });
      const failed = (err: Error) => {
        child.kill('SIGKILL');
        finish({ kind: 'failed', message: err.message });
      };
      child.on('message', answered);
      child.on('exit', stopped);
      child.on('error', failed);
      const job: BuildJob = { contentRoot, outDir: into, reuseFrom };
      child.send(job, (err) => err && failed(err));
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
    const listed = await store.releases.listReleases();
    const kept = new Set([
      live,
      ...listed
        .filter((r) => r.id !== live)
        .slice(0, keep)
        .map((r) => r.id),
    ]);
    const gone = [...new Set([...listed.map((r) => r.id), ...folders.list()])].filter((id) => !kept.has(id));
    for (const id of gone) folders.remove(id);
    await store.releases.removeReleases(gone);
  }

  /** The files the live site was built from: the live release's copy, else the deployed build's (npm run build keeps one). */
  function liveFiles(live: string | null): ContentFiles | null {
    if (live && folders.isComplete(live)) return readContentFiles(join(folders.folderOf(live), RELEASE_CONTENT));
    return options.deployedBuild ? readContentFiles(join(options.deployedBuild, RELEASE_CONTENT)) : null;
  }

  /** The time changes are counted from: the newest publish or rollback (saves before it are live, or were rolled back). */
  async function countedFrom(): Promise<string | null> {
    const latest = (await store.audit.list({ limit: 200 })).find((e) => e.action === 'publish' || e.action === 'rollback');
    const newest = (await store.releases.listReleases())[0]?.publishedAt ?? null;
    if (!latest) return newest;
    return newest && Date.parse(newest) > Date.parse(latest.at) ? newest : latest.at;
  }

  /** What a publish of `current` would change on the live site, with who saved each file and when. */
  async function pendingChanges(current: ContentFiles): Promise<PendingChanges & { authors: string[] }> {
    const live = await store.releases.liveRelease();
    const before = liveFiles(live);
    if (!before) return { since: live, changes: [], suggestedMessage: messageFrom([]), authors: [], compared: false };
    const saves = await savesSince(store.audit, await countedFrom());
    const changes = changedFiles(before, current).map((change) => {
      const mine = saves.filter((s) => s.path === change.path);
      const draftNow = describeFile(change.path, current.get(change.path)).draft;
      const draftLive = describeFile(change.path, before.get(change.path)).draft;
      // For visitors, a draft marked ready is a new page, and a page made a draft again is gone.
      const seen = change.change === 'changed' && draftLive !== draftNow ? (draftNow ? 'removed' : 'added') : change.change;
      return {
        ...change,
        change: seen,
        savedBy: [...new Set(mine.map((s) => s.actor))],
        ...(mine[0] ? { savedAt: mine[0].at } : {}),
        ...(draftNow ? { draft: true } : {}),
      };
    });
    const authors = [...new Set(changes.flatMap((c) => c.savedBy))];
    return { since: live, changes, suggestedMessage: messageFrom(changes.filter((c) => !c.draft)), authors, compared: true };
  }

  /** A publish that changed nothing, in the audit log and for the writer. */
  async function refused(by: string, problems: Problem[]): Promise<PublishResult> {
    await auditLog.publishRefused(by, problems.length);
    return { kind: 'problems', problems };
  }

  async function publishLocked(by: string, message: string | undefined): Promise<PublishResult> {
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
    const live = await store.releases.liveRelease();
    const building = folders.startBuild(id);
    const git = await openContentGit(options.contentRoot, options.env);
    // The files as they are now, built and committed alike: a save during the build waits for the next publish.
    const snapshot = `${building}-content`;
    const snapshotSite = join(snapshot, git?.prefix ?? '');
    cpSync(join(options.contentRoot, 'site'), join(snapshotSite, 'site'), { recursive: true });
    try {
      const pending = await pendingChanges(readContentFiles(snapshotSite) ?? new Map());
      const words = message?.trim().slice(0, MESSAGE_LENGTH) || pending.suggestedMessage;
      return await buildAndSwitch({ id, at, by, started, building, snapshot, git, live, message: words, pending });
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
    /** The writer's message, or one made from the changed files' titles. */
    message: string;
    pending: PendingChanges & { authors: string[] };
  }

  async function buildAndSwitch({ id, at, by, started, building, snapshot, git, live, message, pending }: Job): Promise<PublishResult> {
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
      const changes: ChangedFile[] = pending.changes.map(({ path, title, change }) => ({ path, title, change }));
      if (git) {
        const body = [`Release ${id}.`, ...changes.map((c) => `- ${c.path} (${c.change}): ${c.title.replace(/\s+/g, ' ')}`)];
        const coAuthors = pending.authors.filter((a) => a !== by).map(authorOf);
        commit = await git.commit(snapshot, commitMessage(message, body, coAuthors), authorOf(by));
      }
      committed = performance.now();
      release = { id, publishedAt: at.toISOString(), by, ...(commit ? { commit } : {}), message, authors: pending.authors, changes };
      // The files it was built from stay with it: the next publish's list of changes and a rollback read them.
      cpSync(join(snapshot, git?.prefix ?? '', 'site'), join(building, RELEASE_CONTENT, 'site'), { recursive: true });
      folders.finish(building, release);
      // Read in full before anything says it is live: a folder that cannot be served is never switched to.
      swap = options.prepare(folders.folderOf(id));
      await store.releases.addLiveRelease(release);
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
    await auditLog.published(by, { id, pages: outcome.pages, commit, pushed, durationMs });
    log.info(`Published release ${id} for ${by} in ${durationMs} ms (${steps})`);
    await prune(id).catch((err: unknown) => log.error({ err }, 'Pruning old releases failed'));
    return { kind: 'published', answer: { release: { ...release, live: true }, durationMs }, steps: timings };
  }

  /** The store's releases with what each folder's record adds: message, authors, changes. */
  async function listWithRecords(): Promise<Release[]> {
    return (await store.releases.listReleases()).map((r) => {
      const record = folders.record(r.id);
      const extra = record ? { message: record.message, authors: record.authors, changes: record.changes } : {};
      return { ...r, ...Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== undefined)) };
    });
  }

  /**
   * The files a rollback to `id` changes back: those that differ between the live release and it.
   * A file saved since the live release and not touched by the releases in between keeps its edit.
   */
  async function planRollback(id: string): Promise<RollbackPlan> {
    const target = readContentFiles(join(folders.folderOf(id), RELEASE_CONTENT));
    if (!target) return { release: id, restoresFiles: false, changes: [] };
    const current = readContentFiles(options.contentRoot) ?? new Map<string, string>();
    const live = liveFiles(await store.releases.liveRelease()) ?? current;
    const changes = changedFiles(live, target).map((c) => ({
      ...c,
      ...(current.get(c.path) !== live.get(c.path) ? { unpublishedEdits: true } : {}),
    }));
    return { release: id, restoresFiles: true, changes };
  }

  /** Writes the release's version of each planned file back into site/ and commits the result as a revert. */
  async function restoreFiles(id: string, plan: RollbackPlan, by: string): Promise<{ commit?: string }> {
    const source = join(folders.folderOf(id), RELEASE_CONTENT);
    const target = readContentFiles(source)!;
    for (const { path } of plan.changes) {
      const full = join(options.contentRoot, path);
      const text = target.get(path);
      if (text === undefined) rmSync(full, { force: true });
      else {
        mkdirSync(dirname(full), { recursive: true });
        // Whole or not at all: a temporary file renamed over the old one.
        const temp = join(dirname(full), `.rollback-${id}.editing`);
        writeFileSync(temp, text);
        renameSync(temp, full);
      }
    }
    const git = await openContentGit(options.contentRoot, options.env);
    if (!git) return {};
    // The commit's site/ is exactly the release's: a revert of every publish after it.
    const layout = join(options.releasesDir, `.rollback-${id}`);
    rmSync(layout, { recursive: true, force: true });
    try {
      cpSync(join(source, 'site'), join(layout, git.prefix, 'site'), { recursive: true });
      const record = folders.record(id);
      const body = [
        `The site's files are back as release ${id} published them${record?.message ? ` ("${record.message}")` : ''}.`,
        ...plan.changes.map(
          (c) =>
            `- ${c.path} (${c.change === 'added' ? 'brought back' : c.change === 'removed' ? 'taken away' : 'changed back'}): ${c.title}`,
        ),
      ];
      return { commit: await git.commit(layout, commitMessage(`Roll back to release ${id}`, body, []), authorOf(by)) };
    } finally {
      rmSync(layout, { recursive: true, force: true });
    }
  }

  return {
    /** Validates, builds and switches to a new release; the live site is untouched unless it all succeeded. */
    async publish(by: string, message?: string): Promise<PublishResult> {
      if (busy) return { kind: 'busy', message: BUSY };
      busy = true;
      try {
        mkdirSync(options.releasesDir, { recursive: true });
        const unlock = takeLock();
        if (!unlock) return { kind: 'busy', message: BUSY };
        try {
          return await publishLocked(by, message);
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
      if (!isReleaseId(id) || !folders.isComplete(id) || !(await store.releases.listReleases()).some((r) => r.id === id))
        return {
          kind: 'unknown',
          message: `There is no release ${isReleaseId(id) ? id : 'with that id'} to roll back to. Pick one from History.`,
        };
      busy = true;
      mkdirSync(options.releasesDir, { recursive: true });
      const unlock = takeLock();
      if (!unlock) {
        busy = false;
        return { kind: 'busy', message: BUSY };
      }
      try {
        const swap = options.prepare(folders.folderOf(id));
        const plan = await planRollback(id);
        const restored = plan.restoresFiles ? await restoreFiles(id, plan, by) : null;
        if (!(await store.releases.setLiveRelease(id))) return { kind: 'unknown', message: `Release ${id} is no longer kept.` };
        swap();
        serving = id;
        folders.pointCurrentAt(id);
        const what = restored
          ? `; ${plan.changes.length} file(s) restored${restored.commit ? ` in commit ${restored.commit.slice(0, 12)}` : ''}`
          : '; its files were not kept, so the saved files stay as they are';
        await auditLog.rolledBack(by, id, what);
        log.info(`Rolled the site back to release ${id} for ${by}${what}`);
        const release = (await listWithRecords()).find((r) => r.id === id)!;
        return { kind: 'published', answer: { release, durationMs: Math.round(performance.now() - started) } };
      } finally {
        unlock();
        busy = false;
      }
    },

    list: listWithRecords,

    /** Every file changed since the live release, for the Publish screen. */
    async changes(): Promise<PendingChanges> {
      const { authors: _, ...pending } = await pendingChanges(readContentFiles(options.contentRoot) ?? new Map());
      return pending;
    },

    /** One changed file's lines, live release to saved; null when the file is in neither. */
    async diff(path: string): Promise<FileDiff | null> {
      const before = liveFiles(await store.releases.liveRelease()) ?? new Map<string, string>();
      const current = readContentFiles(options.contentRoot) ?? new Map<string, string>();
      if (!before.has(path) && !current.has(path)) return null;
      return { path, diff: fileDiff(path, before.get(path), current.get(path), 'live', 'saved') };
    },

    /** What a rollback to `id` would change back; null when there is no such release. */
    async rollbackPlan(id: string): Promise<RollbackPlan | null> {
      if (!isReleaseId(id) || !folders.isComplete(id)) return null;
      return planRollback(id);
    },

    /** The folder to serve at start: the live release's, or null (the deployed build) before the first publish. */
    async liveFolder(): Promise<string | null> {
      const live = await store.releases.liveRelease();
      if (!live || !folders.isComplete(live)) return null;
      serving = live;
      return folders.folderOf(live);
    },

    /** Follows the store: switches when another process made another release live. */
    async follow(): Promise<void> {
      const live = await store.releases.liveRelease();
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

    /** Stops following the store, and ends the build process kept between publishes. */
    stop(): void {
      clearInterval(timer);
      builder?.kill();
      retireBuilder();
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
