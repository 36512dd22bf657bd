// The signed-in person's own account: two-step sign-in (set up, or turn off when not required) and
// "Your sessions", with signing out everywhere else.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { endOtherSessions, fetchSessions, fetchTwoStep, InboxError, removeTwoStep } from './inbox-client';
import { ErrorBox, useInbox, useTitle } from './inbox-context';
import type { SessionView, TwoStepStatus } from '../../contracts/inbox-contract';
import { Age } from './times';
import { AppCodeField, TwoStepSetup } from './TwoStepSetup';
import { AdminTable } from './AdminTable';

const messageOf = (err: unknown) => (err instanceof InboxError ? err.message : String(err));

export function AccountPage() {
  useTitle('Your account');
  const { session } = useInbox();
  return (
    <>
      <h1 tabIndex={-1}>Your account</h1>
      <p>
        Signed in as <span className="admin-text">{session.user.email}</span>.
      </p>
      <TwoStepSection />
      <SessionsSection />
    </>
  );
}

function TwoStepSection() {
  const { announce } = useInbox();
  const [status, setStatus] = useState<TwoStepStatus | { failed: string } | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [turnedOn, setTurnedOn] = useState(false);

  const load = useCallback(() => {
    fetchTwoStep().then(setStatus, (err: unknown) => setStatus({ failed: messageOf(err) }));
  }, []);
  useEffect(load, [load]);

  async function onRemove(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    const code = String(form.get('code') ?? '').trim();
    try {
      await removeTwoStep({ password, code });
      setRemoveError(null);
      announce('Two-step sign-in is off.');
      load();
    } catch (err) {
      setRemoveError(messageOf(err));
    }
  }

  return (
    <section aria-labelledby="two-step-heading" className="admin-panel">
      <h2 id="two-step-heading">Two-step sign-in</h2>
      {status === null && <p className="admin-loading">Loading…</p>}
      {status && 'failed' in status && <ErrorBox message={status.failed} />}
      {status && 'enabled' in status && !status.enabled && (
        <>
          {/* Once the app is confirmed it is on, while the codes are still shown: the words say so, not the state before. */}
          {turnedOn ? (
            <p>Two-step sign-in is on.</p>
          ) : (
            <p>
              {status.required ? 'Two-step sign-in is required for this account.' : 'Two-step sign-in is off.'} With it on, signing in also
              asks for a code from an app on your phone, so a stolen password alone does not open the inbox.
            </p>
          )}
          <TwoStepSetup
            onFinished={() => {
              setTurnedOn(false);
              load();
            }}
            onConfirmed={() => setTurnedOn(true)}
            heading="h3"
          />
        </>
      )}
      {status && 'enabled' in status && status.enabled && (
        <>
          <p>
            Two-step sign-in is on. {status.recoveryCodesLeft} of your recovery codes {status.recoveryCodesLeft === 1 ? 'is' : 'are'}{' '}
            unused.
          </p>
          <h3 id="two-step-replace-heading">Move to a new phone or app</h3>
          <p>The new app replaces the one you use now, and you get new recovery codes.</p>
          <div role="group" aria-labelledby="two-step-replace-heading">
            <TwoStepSetup onFinished={load} heading="h3" replacing />
          </div>
          {status.required ? (
            <p>It is required for this account, so it cannot be turned off here.</p>
          ) : (
            <>
              <h3 id="two-step-remove-heading">Turn it off</h3>
              <form className="admin-form" aria-labelledby="two-step-remove-heading" onSubmit={(event) => void onRemove(event)}>
                {removeError && <ErrorBox message={removeError} />}
                <div className="admin-field">
                  <label htmlFor="two-step-remove-password">Your password</label>
                  <input
                    className="input"
                    id="two-step-remove-password"
                    name="password"
                    type="password"
                    autoComplete="current-password"
                    required
                  />
                </div>
                <AppCodeField id="two-step-remove-code" label="Code from the app, to turn it off" />
                <button type="submit" className="button button--secondary">
                  Turn off two-step sign-in
                </button>
              </form>
            </>
          )}
        </>
      )}
    </section>
  );
}

function SessionsSection() {
  const { announce } = useInbox();
  const [sessions, setSessions] = useState<SessionView[] | { failed: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    fetchSessions().then(
      (list) => setSessions(list.sessions),
      (err: unknown) => setSessions({ failed: messageOf(err) }),
    );
  }, []);
  useEffect(load, [load]);

  async function onEndOthers() {
    setBusy(true);
    try {
      const { ended } = await endOtherSessions();
      announce(`Signed out everywhere else: ${ended} other session${ended === 1 ? '' : 's'} ended.`);
      load();
    } catch (err) {
      setSessions({ failed: messageOf(err) });
    }
    setBusy(false);
  }

  return (
    <section aria-labelledby="sessions-heading" className="admin-panel">
      <h2 id="sessions-heading">Your sessions</h2>
      <p>Every browser signed in to this account. A session ends after 12 hours unused, and after 7 days in any case.</p>
      {sessions === null && <p className="admin-loading">Loading…</p>}
      {sessions && 'failed' in sessions && <ErrorBox message={sessions.failed} />}
      {Array.isArray(sessions) && (
        <>
          <AdminTable caption="Your sessions, most recently used first" columns={['Browser', 'Address (hashed)', 'Signed in', 'Last used']}>
            {sessions.map((s, i) => (
              <tr key={i}>
                <td>
                  {s.browser}
                  {s.current && <strong> (this browser)</strong>}
                </td>
                <td>
                  <code>{s.address}</code>
                </td>
                <td>
                  <Age iso={s.createdAt} />
                </td>
                <td>
                  <Age iso={s.lastSeenAt} />
                </td>
              </tr>
            ))}
          </AdminTable>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void onEndOthers()}
            disabled={busy || sessions.length < 2}
          >
            Sign out everywhere else
          </button>
        </>
      )}
    </section>
  );
}
