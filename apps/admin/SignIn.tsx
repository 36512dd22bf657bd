// The sign-in view: e-mail and password. A refusal (wrong password, or too many tries) is shown in
// the server's words in an alert that takes focus.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { signIn } from './inbox-client';
import { useFailureAlert } from './use-failure-alert';
import { useTitle } from './inbox-context';

export function SignIn({ notice, onSignedIn }: { notice?: string; onSignedIn: () => Promise<void> }) {
  useTitle('Sign in');
  const { error, alertRef, fail } = useFailureAlert();
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // After signing out or a session's end the page changed under the keyboard: start at the top.
    if (notice) headingRef.current?.focus();
  }, [notice]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    try {
      await signIn({ email: String(data.get('email') ?? '').trim(), password: String(data.get('password') ?? '') });
      await onSignedIn();
    } catch (err) {
      fail(err);
    } finally {
      // Still here after signing in: the session did not hold (see InboxApp), so the form is usable again.
      setBusy(false);
    }
  }

  return (
    <main className="admin-main admin-main--narrow container" id="main">
      <h1 tabIndex={-1} ref={headingRef}>
        Sign in
      </h1>
      {/* One sign-in for both: the account's roles decide what opens after it. */}
      <p className="admin-hint">To the leads inbox or the site’s content editor, with the account you were given.</p>
      {notice && !error && (
        <p className="admin-notice" role="status">
          {notice}
        </p>
      )}
      {error && (
        <div className="admin-alert" role="alert" tabIndex={-1} ref={alertRef} key={error.serial}>
          <p>{error.message}</p>
        </div>
      )}
      <form className="admin-form" onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
        <div className="admin-field">
          <label htmlFor="sign-in-email">E-mail address</label>
          <input className="input" id="sign-in-email" name="email" type="email" autoComplete="username" required spellCheck={false} />
        </div>
        <div className="admin-field">
          <label htmlFor="sign-in-password">Password</label>
          <input className="input" id="sign-in-password" name="password" type="password" autoComplete="current-password" required />
        </div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <details className="admin-help">
        <summary>No account yet?</summary>
        <p>
          Accounts are made on the server, in the site’s folder, with <code>npm run leads -- add-user you@example.com</code>. It asks for
          the new account’s password.
        </p>
      </details>
    </main>
  );
}
