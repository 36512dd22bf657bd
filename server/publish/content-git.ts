import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The author git records for a publish: the account's e-mail, named by the part before the @ (accounts have no other name). */
export function authorOf(email: string): { name: string; email: string } {
  // git refuses angle brackets and line breaks in an identity; an account's address never has them, but never trust that.
  const clean = email.replace(/[<>\r\n]/g, '').trim();
  return { name: clean.split('@')[0] || clean, email: clean };
}

/**
 * A publish's commit message: the writer's message as its subject, the files it carries, and one
 * `Co-authored-by:` trailer per writer whose saves it carries besides its author (git and the
 * forges read trailers from the last paragraph).
 */
export function commitMessage(subject: string, body: readonly string[], coAuthors: readonly { name: string; email: string }[]): string {
  // A subject is one line: a writer's line breaks would start the body, or fake a trailer.
  const line = subject.replace(/\s+/g, ' ').trim() || 'Publish the saved content';
  const trailers = coAuthors.map((a) => `Co-authored-by: ${a.name} <${a.email}>`);
  return [line, body.join('\n'), trailers.join('\n')].filter(Boolean).join('\n\n') + '\n';
}

export interface ContentGit {
  /** Where the content folder is inside the repository: '' at its top, `web/` for a folder below. */
  prefix: string;
  /**
   * Commits site/ as it is in `snapshot` (a copy of the repository's layout holding `<prefix>site/`,
   * the files the release was built from) as the editor; an edit saved since is left for the next
   * publish. Resolves with HEAD's id (the new commit, or the last one when nothing changed).
   */
  commit(snapshot: string, message: string, author: { name: string; email: string }): Promise<string>;
  /** Pushes HEAD to the remote; throws with git's words when it cannot. */
  push(remote: string): Promise<void>;
}

/**
 * The content folder's git repository, or null when it is none. Every call is git's own program
 * with its arguments as a list (execFile, no shell), so an author's address is never a command.
 */
export async function openContentGit(contentRoot: string, env: NodeJS.ProcessEnv): Promise<ContentGit | null> {
  const git = (args: string[], extra?: NodeJS.ProcessEnv) =>
    run('git', args, { cwd: contentRoot, env: { ...env, ...extra, GIT_TERMINAL_PROMPT: '0' }, maxBuffer: 4 * 1024 * 1024 });
  let prefix: string;
  let gitDir: string;
  try {
    const { stdout } = await git(['rev-parse', '--is-inside-work-tree', '--show-prefix', '--absolute-git-dir']);
    const [inside, shownPrefix, dir] = stdout.split('\n');
    if (inside !== 'true') return null;
    prefix = shownPrefix ?? '';
    gitDir = dir!;
  } catch {
    return null;
  }
  return {
    prefix,
    async commit(snapshot, message, author) {
      // The snapshot stands in for the working tree while staging: the index gets exactly the built files.
      await git(['-C', snapshot, `--git-dir=${gitDir}`, `--work-tree=${snapshot}`, 'add', '--all', '--', `${prefix}site`]);
      const staged = await git(['diff', '--cached', '--quiet']).then(
        () => false,
        () => true,
      );
      if (staged) {
        // The server's own git identity commits; without one, the editor is the committer too.
        const configured = await git(['config', 'user.email']).then(
          (r) => r.stdout.trim() !== '',
          () => false,
        );
        const committer = configured ? {} : { GIT_COMMITTER_NAME: author.name, GIT_COMMITTER_EMAIL: author.email };
        await git(['commit', '--quiet', '--no-verify', '-m', message, `--author=${author.name} <${author.email}>`], committer);
      }
      return (await git(['rev-parse', 'HEAD'])).stdout.trim();
    },
    async push(remote) {
      await git(['push', '--quiet', remote, 'HEAD']);
    },
  };
}
