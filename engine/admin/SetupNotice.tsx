// Shown instead of the sign-in form while the store has no account: how to create the first one.
import { useTitle } from './inbox-context';

export function SetupNotice() {
  useTitle('Set up');
  return (
    <main className="admin-main admin-main--narrow container" id="main">
      <h1>Create the first inbox account</h1>
      <p>The leads inbox has no accounts yet. On the server, in the site’s folder, run:</p>
      <pre className="admin-command">
        <code>npm run leads -- add-user you@example.com</code>
      </pre>
      <p>It asks for the new account’s password. Then reload this page and sign in.</p>
    </main>
  );
}
