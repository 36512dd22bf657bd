// The sign-in view: e-mail and password. A refusal (wrong password, or too many tries) is shown in
// the server's words in an alert that takes focus.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { InboxError, signIn } from './inbox-client';
import { useTitle } from './inbox-context';

export function SignIn({ notice, onSignedIn }: { notice?: string; onSignedIn: () => Promise<void> }) {
  useTitle('Sign in');
  const [error, setError] = useState<{ message: string; serial: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // After signing out or a session's end the page changed under the keyboard: start at the top.
    if (notice) headingRef.current?.focus();
  }, [notice]);

  useEffect(() => {
    if (error) alertRef.current?.focus();
  }, [error]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    try {
      await signIn({ email: String(data.get('email') ?? '').trim(), password: String(data.get('password') ?? '') });
      await onSignedIn();
    } catch (err) {
      const message = err instanceof InboxError ? err.message : String(err);
      // A new object each time, so the same message twice still moves focus again.
      setError((previous) => ({ message, serial: (previous?.serial ?? 0) + 1 }));
      setBusy(false);
    }
  }

  return (
    <main className="admin-main admin-main--narrow container" id="main">
      <h1 tabIndex={-1} ref={headingRef}>
        Sign in to the leads inbox
      </h1>
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
