// The second step of signing in: a code from the authenticator app, or one of the recovery codes.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { sendSecondStep, signOut } from './inbox-client';
import { useFailureAlert } from './use-failure-alert';
import { useTitle } from './inbox-context';

export function SecondStep({ email, onDone, onSignedOut }: { email: string; onDone: () => Promise<void>; onSignedOut: () => void }) {
  useTitle('Enter your code');
  const [recovery, setRecovery] = useState(false);
  const { error, alertRef, fail } = useFailureAlert();
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => headingRef.current?.focus(), []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    setBusy(true);
    try {
      await sendSecondStep(recovery ? { recoveryCode: typed } : { code: typed });
      await onDone();
    } catch (err) {
      fail(err);
      setBusy(false);
    }
  }

  return (
    <main className="admin-main admin-main--narrow container" id="main">
      <h1 tabIndex={-1} ref={headingRef}>
        Enter your code
      </h1>
      <p>
        Your password for <span className="admin-text">{email}</span> was right.{' '}
        {recovery
          ? 'Type one of the recovery codes you saved when you set up two-step sign-in. Each works once.'
          : 'Open your authenticator app and type the 6-digit code it shows for the leads inbox.'}
      </p>
      {error && (
        <div className="admin-alert" role="alert" tabIndex={-1} ref={alertRef} key={error.serial}>
          <p>{error.message}</p>
        </div>
      )}
      <form className="admin-form" onSubmit={(event) => void onSubmit(event)} aria-busy={busy} key={String(recovery)}>
        <div className="admin-field">
          <label htmlFor="second-step-code">{recovery ? 'Recovery code' : 'Code from the app'}</label>
          <input
            className="input"
            id="second-step-code"
            name="code"
            type="text"
            required
            spellCheck={false}
            autoComplete="one-time-code"
            {...(recovery ? { maxLength: 64 } : { inputMode: 'numeric' as const, pattern: '[0-9 ]{6,7}', maxLength: 7 })}
          />
        </div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Checking…' : 'Continue'}
        </button>
      </form>
      <p>
        <button type="button" className="button button--secondary admin-button--small" onClick={() => setRecovery(!recovery)}>
          {recovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
        </button>{' '}
        <button type="button" className="button button--secondary admin-button--small" onClick={() => void signOut().finally(onSignedOut)}>
          Cancel and sign out
        </button>
      </p>
    </main>
  );
}
