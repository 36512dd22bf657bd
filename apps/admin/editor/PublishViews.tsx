// Publishing without a developer: the Publish screen lists what will go live (each file, who saved
// it, its lines on demand) under a message made from those titles; History lists the releases with
// their messages and authors, and says what a rollback takes away before it restores those files.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ChangedFile, PendingChanges, Problem, PublishAnswer, Release, RollbackPlan } from '../../../contracts/editor-contract';
import { ErrorBox, useInbox, useTitle } from '../inbox-context';
import { Age, FullDate } from '../times';
import { fetchChangeDiff, fetchChanges, fetchReleases, fetchRollbackPlan, publish, rollback } from './editor-client';
import { messageOf } from './editor-paths';
import { ProblemLinks } from './ProblemLinks';
import { AdminTable } from '../AdminTable';

type PublishState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'published'; answer: PublishAnswer }
  | { kind: 'problems'; problems: Problem[] }
  | { kind: 'failed'; message: string };

const CHANGE_WORDS: Record<ChangedFile['change'], string> = { added: 'New', changed: 'Changed', removed: 'Deleted' };

/** One file's lines, live to saved, loaded when the writer asks. */
function DiffToggle({ path, title }: { path: string; title: string }) {
  const [diff, setDiff] = useState<string | { failed: string } | null>(null);
  const [open, setOpen] = useState(false);
  const id = useId();
  async function toggle() {
    setOpen(!open);
    if (diff !== null && typeof diff === 'string') return;
    try {
      setDiff((await fetchChangeDiff(path)).diff);
    } catch (err) {
      setDiff({ failed: messageOf(err) });
    }
  }
  return (
    <>
      <button
        type="button"
        className="button button--secondary admin-button--small"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => void toggle()}
      >
        {open ? 'Hide the changes' : 'Show the changes'}
        <span className="visually-hidden"> to {title}</span>
      </button>
      <div id={id} hidden={!open}>
        {open && diff === null && <p className="admin-loading">Loading…</p>}
        {open && diff !== null && typeof diff !== 'string' && <ErrorBox message={diff.failed} />}
        {open && typeof diff === 'string' && (
          <pre className="editor-diff" tabIndex={0} aria-label={`Lines changed in ${title}`}>
            {diff}
          </pre>
        )}
      </div>
    </>
  );
}

function ChangeList({ pending }: { pending: PendingChanges }) {
  if (!pending.compared)
    return <p className="admin-hint">There is no copy of the live site’s files to compare with, so the list of changes is not known.</p>;
  if (!pending.changes.length) return <p className="admin-empty">Nothing has changed since the live release.</p>;
  return (
    <AdminTable
      caption="Changes since the live release"
      columns={['Title', 'Change', 'Saved by', 'Last saved', { label: 'Lines changed', hidden: true }]}
    >
      {pending.changes.map((c) => (
        <tr key={c.path}>
          <td>
            <span className="admin-text">{c.title}</span>{' '}
            {c.draft && <span className="admin-badge admin-badge--in_progress">Draft, not published</span>}
            <br />
            <code className="admin-hint">{c.path}</code>
          </td>
          <td>{CHANGE_WORDS[c.change]}</td>
          <td className="admin-text">{c.savedBy.length ? c.savedBy.join(', ') : 'Not saved in the editor'}</td>
          <td>{c.savedAt ? <Age iso={c.savedAt} /> : '—'}</td>
          <td>
            <DiffToggle path={c.path} title={c.title} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

export function PublishView() {
  useTitle('Publish');
  const { announce } = useInbox();
  const [state, setState] = useState<PublishState>({ kind: 'idle' });
  const [pending, setPending] = useState<PendingChanges | { failed: string } | null>(null);
  const [message, setMessage] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  const load = useCallback(() => {
    fetchChanges().then(
      (answer) => {
        setPending(answer);
        setMessage(answer.suggestedMessage);
      },
      (err: unknown) => setPending({ failed: messageOf(err) }),
    );
  }, []);
  useEffect(load, [load]);

  async function onPublish() {
    setState({ kind: 'busy' });
    try {
      const outcome = await publish(message);
      if (outcome.kind === 'published') {
        setState({ kind: 'published', answer: outcome.answer });
        announce('Published: the live site now shows the saved content.');
        // The button that had focus is busy until the answer; the page heading takes it, as after a save.
        heading.current?.focus();
        load();
      } else setState({ kind: 'problems', problems: outcome.problems });
    } catch (err) {
      setState({ kind: 'failed', message: messageOf(err) });
    }
  }

  return (
    <>
      <h1 tabIndex={-1} ref={heading}>
        Publish
      </h1>
      <p>
        Publishing checks the whole site (every reference, link and price), builds it, and then switches the live site to the new build in
        one step. If anything fails, the live site stays as it is and the problems are listed here. Drafts stay off the live site.
      </p>
      <h2>What will go live</h2>
      {pending === null && <p className="admin-loading">Loading the changes…</p>}
      {pending && 'failed' in pending && <ErrorBox message={pending.failed} />}
      {pending && !('failed' in pending) && <ChangeList pending={pending} />}
      <form
        className="admin-form"
        onSubmit={(event) => {
          event.preventDefault();
          void onPublish();
        }}
      >
        <div className="admin-field">
          <label htmlFor="publish-message">What this publish changes</label>
          <textarea
            id="publish-message"
            className="input"
            rows={2}
            maxLength={500}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            aria-describedby="publish-message-hint"
          />
          <p className="admin-hint" id="publish-message-hint">
            Shown in History and kept with the release. Made from the titles above; change it as you like.
          </p>
        </div>
        <button type="submit" className="button button--primary" disabled={state.kind === 'busy'}>
          {state.kind === 'busy' ? 'Checking and building…' : 'Publish the saved content'}
        </button>
      </form>
      <div aria-live="polite">
        {state.kind === 'busy' && <p className="admin-loading">Checking and building the site; this takes a little while.</p>}
      </div>
      {state.kind === 'published' && (
        <div className="admin-notice editor-result">
          <p>
            Published “<span className="admin-text">{state.answer.release.message ?? state.answer.release.id}</span>” in{' '}
            {(state.answer.durationMs / 1000).toFixed(1)} s. The live site shows it now. <Link to="/content/history">See the history</Link>.
          </p>
        </div>
      )}
      {state.kind === 'problems' && (
        <div className="admin-alert editor-result" role="alert">
          <p>
            Not published: {state.problems.length} problem{state.problems.length === 1 ? '' : 's'} to fix first. The live site is unchanged.
          </p>
          <ProblemLinks problems={state.problems} />
        </div>
      )}
      {state.kind === 'failed' && <ErrorBox message={`Not published: ${state.message} The live site is unchanged.`} />}
    </>
  );
}

/** A release's name for people: its message, else when it was published. */
const releaseName = (r: Release) => r.message ?? `the release of ${new Date(r.publishedAt).toLocaleString()}`;

/** What rolling back takes away, said before it is done. */
function RollbackConfirm({
  release,
  busy,
  onConfirm,
  onCancel,
}: {
  release: Release;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const [plan, setPlan] = useState<RollbackPlan | { failed: string } | null>(null);
  useEffect(() => {
    fetchRollbackPlan(release.id).then(setPlan, (err: unknown) => setPlan({ failed: messageOf(err) }));
  }, [release.id]);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The question is where the writer's attention goes next: focus moves to it.
  useEffect(() => heading.current?.focus(), [release.id]);
  const groups: Array<{ change: ChangedFile['change']; heading: string }> = [
    { change: 'removed', heading: 'Taken off the site and out of the saved files' },
    { change: 'changed', heading: 'Changed back to their earlier text' },
    { change: 'added', heading: 'Brought back' },
  ];
  return (
    <section className="admin-notice editor-result" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1} ref={heading}>
        Roll back to “<span className="admin-text">{releaseName(release)}</span>”?
      </h2>
      {plan === null && <p className="admin-loading">Finding what the rollback changes…</p>}
      {plan && 'failed' in plan && <ErrorBox message={plan.failed} />}
      {plan && !('failed' in plan) && !plan.restoresFiles && (
        <p>
          This release was published before releases kept their files: rolling back switches the live site only, and the next publish brings
          back the saved files.
        </p>
      )}
      {plan && !('failed' in plan) && plan.restoresFiles && plan.changes.length === 0 && (
        <p>The saved files are already as this release had them; only the live site switches.</p>
      )}
      {plan &&
        !('failed' in plan) &&
        plan.restoresFiles &&
        groups.map(({ change, heading }) => {
          const files = plan.changes.filter((c) => c.change === change);
          if (!files.length) return null;
          return (
            <div key={change}>
              <h3>{heading}</h3>
              <ul>
                {files.map((c) => (
                  <li key={c.path}>
                    <span className="admin-text">{c.title}</span> <code className="admin-hint">{c.path}</code>
                    {c.unpublishedEdits && <strong> Its saved edits that are not published yet are lost too.</strong>}
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      {plan && !('failed' in plan) && plan.restoresFiles && (
        <p>The saved files change with the live site, so the next publish starts from this release.</p>
      )}
      <span className="editor-confirm">
        <button
          type="button"
          className="button admin-button--danger admin-button--small"
          disabled={busy || plan === null || 'failed' in plan}
          onClick={onConfirm}
        >
          Yes, roll back
        </button>
        <button type="button" className="button button--secondary admin-button--small" onClick={onCancel}>
          Cancel
        </button>
      </span>
    </section>
  );
}

export function HistoryView() {
  useTitle('History');
  const { announce } = useInbox();
  const [releases, setReleases] = useState<Release[] | { failed: string } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    fetchReleases().then(
      (list) => setReleases(list.releases),
      (err: unknown) => setReleases({ failed: messageOf(err) }),
    );
  }, []);
  useEffect(load, [load]);

  async function onRollback(release: Release) {
    setBusy(true);
    setError(null);
    try {
      await rollback(release.id);
      announce(`The live site and the saved files are back to “${releaseName(release)}”.`);
      setConfirming(null);
      load();
    } catch (err) {
      setError(messageOf(err));
    }
    setBusy(false);
  }

  const chosen = Array.isArray(releases) ? releases.find((r) => r.id === confirming) : undefined;

  return (
    <>
      <h1 tabIndex={-1}>History</h1>
      <p>
        Every publish, newest first. Rolling back makes an earlier release live again at once and puts its files back, so the next publish
        starts from it; the screen lists what it takes away before you confirm.
      </p>
      {error && <ErrorBox message={`Not rolled back: ${error}`} />}
      {chosen && (
        <RollbackConfirm release={chosen} busy={busy} onConfirm={() => void onRollback(chosen)} onCancel={() => setConfirming(null)} />
      )}
      {releases === null && <p className="admin-loading">Loading the releases…</p>}
      {releases && 'failed' in releases && <ErrorBox message={releases.failed} />}
      {Array.isArray(releases) && releases.length === 0 && <p className="admin-empty">Nothing has been published from here yet.</p>}
      {Array.isArray(releases) && releases.length > 0 && (
        <AdminTable
          caption="Releases, newest first"
          columns={['What changed', 'Published', 'Published by', 'Written by', 'Live', { label: 'Actions', hidden: true }]}
        >
          {releases.map((r) => (
            <tr key={r.id}>
              <td>
                <span className="admin-text">{r.message ?? 'Published before releases had messages'}</span>
                {r.changes && r.changes.length > 0 && (
                  <ul className="editor-release-files">
                    {r.changes.map((c) => (
                      <li key={c.path}>
                        {CHANGE_WORDS[c.change]}: <span className="admin-text">{c.title}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td>
                <FullDate iso={r.publishedAt} /> (<Age iso={r.publishedAt} />)
              </td>
              <td className="admin-text">{r.by}</td>
              <td className="admin-text">{r.authors?.length ? r.authors.join(', ') : '—'}</td>
              <td>{r.live ? <strong>Live now</strong> : 'No'}</td>
              <td>
                {!r.live && (
                  <button
                    type="button"
                    className="button button--secondary admin-button--small"
                    disabled={busy}
                    onClick={() => setConfirming(r.id)}
                  >
                    Roll back to this<span className="visually-hidden"> release, {releaseName(r)}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </>
  );
}
