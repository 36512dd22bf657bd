// Publishing without a developer: one button checks the whole site, builds it and switches the live
// site over; History lists the releases and switches back to one.
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Problem, PublishAnswer, Release } from '../../../contracts/editor-contract';
import { ErrorBox, useInbox, useTitle } from '../inbox-context';
import { Age } from '../times';
import { fetchReleases, publish, rollback } from './editor-client';
import { editHref, messageOf } from './editor-paths';
import { problemText } from './problems';

type PublishState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'published'; answer: PublishAnswer }
  | { kind: 'problems'; problems: Problem[] }
  | { kind: 'failed'; message: string };

export function PublishView() {
  useTitle('Publish');
  const { announce } = useInbox();
  const [state, setState] = useState<PublishState>({ kind: 'idle' });

  async function onPublish() {
    setState({ kind: 'busy' });
    try {
      const outcome = await publish();
      if (outcome.kind === 'published') {
        setState({ kind: 'published', answer: outcome.answer });
        announce('Published: the live site now shows the saved content.');
      } else setState({ kind: 'problems', problems: outcome.problems });
    } catch (err) {
      setState({ kind: 'failed', message: messageOf(err) });
    }
  }

  return (
    <>
      <h1 tabIndex={-1}>Publish</h1>
      <p>
        Publishing checks the whole site (every reference, link and price), builds it, and then switches the live site to the new build in
        one step. If anything fails, the live site stays as it is and the problems are listed here.
      </p>
      <button type="button" className="button button--primary" onClick={() => void onPublish()} disabled={state.kind === 'busy'}>
        {state.kind === 'busy' ? 'Checking and building…' : 'Publish the saved content'}
      </button>
      <div aria-live="polite">
        {state.kind === 'busy' && <p className="admin-loading">Checking and building the site; this takes a little while.</p>}
      </div>
      {state.kind === 'published' && (
        <div className="admin-notice editor-result">
          <p>
            Published release <code>{state.answer.release.id}</code> in {(state.answer.durationMs / 1000).toFixed(1)} s. The live site shows
            it now. <Link to="/content/history">See the history</Link>.
          </p>
        </div>
      )}
      {state.kind === 'problems' && (
        <div className="admin-alert editor-result" role="alert">
          <p>
            Not published: {state.problems.length} problem{state.problems.length === 1 ? '' : 's'} to fix first. The live site is unchanged.
          </p>
          <ul className="admin-problems">
            {state.problems.map((p, i) => (
              <li key={i}>
                <span className="admin-text">{problemText(p)}</span>{' '}
                <Link to={editHref(p.path)}>
                  Edit<span className="visually-hidden"> {p.path}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      {state.kind === 'failed' && <ErrorBox message={`Not published: ${state.message} The live site is unchanged.`} />}
    </>
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

  async function onRollback(id: string) {
    setBusy(true);
    setError(null);
    try {
      const answer = await rollback(id);
      announce(`The live site is back to release ${answer.release.id}.`);
      setConfirming(null);
      load();
    } catch (err) {
      setError(messageOf(err));
    }
    setBusy(false);
  }

  return (
    <>
      <h1 tabIndex={-1}>History</h1>
      <p>
        Every publish, newest first. Rolling back switches the live site to an earlier release at once; the saved files stay as they are.
      </p>
      {error && <ErrorBox message={`Not rolled back: ${error}`} />}
      {releases === null && <p className="admin-loading">Loading the releases…</p>}
      {releases && 'failed' in releases && <ErrorBox message={releases.failed} />}
      {Array.isArray(releases) && releases.length === 0 && <p className="admin-empty">Nothing has been published from here yet.</p>}
      {Array.isArray(releases) && releases.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Releases, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Release</th>
                <th scope="col">Published</th>
                <th scope="col">By</th>
                <th scope="col">Live</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {releases.map((r) => (
                <tr key={r.id}>
                  <td>
                    <code>{r.id}</code>
                    {r.commit && <span className="admin-hint"> content {r.commit.slice(0, 10)}</span>}
                  </td>
                  <td>
                    <Age iso={r.publishedAt} />
                  </td>
                  <td className="admin-text">{r.by}</td>
                  <td>{r.live ? <strong>Live now</strong> : 'No'}</td>
                  <td>
                    {!r.live &&
                      (confirming === r.id ? (
                        <span className="editor-confirm">
                          <button
                            type="button"
                            className="button admin-button--danger admin-button--small"
                            disabled={busy}
                            onClick={() => void onRollback(r.id)}
                          >
                            Yes, make {r.id} live
                          </button>
                          <button
                            type="button"
                            className="button button--secondary admin-button--small"
                            onClick={() => setConfirming(null)}
                          >
                            Cancel
                          </button>
                        </span>
                      ) : (
                        <button type="button" className="button button--secondary admin-button--small" onClick={() => setConfirming(r.id)}>
                          Roll back to this<span className="visually-hidden"> release, {r.id}</span>
                        </button>
                      ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
