// The inbox's shell: asks the server who is signed in, then shows the sign-in view, the second step
// a session still owes (a code, or setting two-step sign-in up), or the header and the routes.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, NavLink, Route, Routes, useLocation } from 'react-router-dom';
import { AccountPage } from './AccountPage';
import { AuditLog } from './AuditLog';
import { Conversion } from './Conversion';
import { fetchSession, InboxError, signOut, SIGNED_OUT_EVENT } from './inbox-client';
import { InboxContext, useTitle } from './inbox-context';
import type { InboxSession } from '../../contracts/inbox-contract';
import { LeadDetailView } from './LeadDetail';
import { LeadList } from './LeadList';
import { SecondStep } from './SecondStep';
import { SignIn } from './SignIn';
import { TwoStepSetup } from './TwoStepSetup';
import { rolesOf } from './session-roles';

// The content editor and its form library load only when someone opens it.
const EditorRoutes = lazy(() => import('./editor/EditorRoutes'));

type SessionState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'signed-out'; notice?: string }
  /** `arrived`: just signed in here, so focus goes to the view's heading (the sign-in form is gone). */
  | { kind: 'signed-in'; session: InboxSession; arrived: boolean };

const COOKIE_REFUSED =
  'Your password was right, but this browser did not keep the sign-in cookie. Allow cookies for this site, then sign in again.';

export function InboxApp() {
  const [state, setState] = useState<SessionState>({ kind: 'loading' });

  const load = useCallback(async (arrived = false) => {
    try {
      const answer = await fetchSession();
      if ('session' in answer) setState({ kind: 'signed-in', session: answer.session, arrived });
      // Signed in a moment ago yet signed out now: the browser did not keep the session cookie.
      else setState({ kind: 'signed-out', notice: arrived ? COOKIE_REFUSED : undefined });
    } catch (err) {
      setState({ kind: 'failed', message: err instanceof InboxError ? err.message : String(err) });
    }
  }, []);

  useEffect(() => {
    // The first look at the session; its answer arrives after this effect, so no render cascades.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  useEffect(() => {
    // Any call answering 401 means the session ended (expired, or signed out in another tab).
    const onSignedOut = () => setState({ kind: 'signed-out', notice: 'Your session has ended. Please sign in again.' });
    window.addEventListener(SIGNED_OUT_EVENT, onSignedOut);
    return () => window.removeEventListener(SIGNED_OUT_EVENT, onSignedOut);
  }, []);

  switch (state.kind) {
    case 'loading':
      return (
        <main className="admin-main container" id="main">
          <p className="admin-loading" role="status">
            Loading the leads inbox…
          </p>
        </main>
      );
    case 'failed':
      return (
        <main className="admin-main container" id="main">
          <h1>Leads inbox</h1>
          <div className="admin-alert" role="alert">
            <p>{state.message}</p>
          </div>
          <button type="button" className="button button--primary" onClick={() => void load()}>
            Try again
          </button>
        </main>
      );
    case 'signed-out':
      return <SignIn notice={state.notice} onSignedIn={() => load(true)} />;
    case 'signed-in':
      if (state.session.pending === 'code')
        return (
          <SecondStep
            email={state.session.user.email}
            onDone={() => load(true)}
            onSignedOut={() => setState({ kind: 'signed-out', notice: 'You have signed out.' })}
          />
        );
      if (state.session.pending === 'enrol') return <RequiredSetup onDone={() => void load(true)} />;
      return (
        <SignedIn session={state.session} arrived={state.arrived} onSignedOut={(notice) => setState({ kind: 'signed-out', notice })} />
      );
  }
}

function SignedIn({ session, arrived, onSignedOut }: { session: InboxSession; arrived: boolean; onSignedOut: (notice: string) => void }) {
  const [status, setStatus] = useState<{ message: string; at: string } | null>(null);
  const [signOutError, setSignOutError] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstPath = useRef(pathname);

  const announce = useCallback((message: string) => setStatus({ message, at: pathname }), [pathname]);
  const roles = rolesOf(session);
  const leads = roles.includes('leads');
  const content = roles.includes('content');

  useEffect(() => {
    if (!arrived || !mainRef.current) return;
    const main = mainRef.current;
    // The first view may still be loading (the content editor's code comes on demand): focus its heading once it is drawn.
    const focusHeading = () => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      heading.focus();
      return true;
    };
    if (focusHeading()) return;
    const watcher = new MutationObserver(() => focusHeading() && watcher.disconnect());
    watcher.observe(main, { childList: true, subtree: true });
    const stop = setTimeout(() => watcher.disconnect(), 10_000);
    return () => {
      watcher.disconnect();
      clearTimeout(stop);
    };
  }, [arrived]);

  useEffect(() => {
    // A new view: move focus to its heading, as a page load would put a screen reader at the top.
    if (pathname === firstPath.current) return;
    firstPath.current = pathname;
    mainRef.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [pathname]);

  async function onSignOut() {
    setSigningOut(true);
    setSignOutError(null);
    try {
      await signOut();
      onSignedOut('You have signed out.');
    } catch (err) {
      setSignOutError(err instanceof InboxError ? err.message : String(err));
      setSigningOut(false);
    }
  }

  return (
    <InboxContext.Provider value={{ session, announce }}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="admin-header">
        <div className="container admin-header__bar">
          <Link className="brand" to={leads || !content ? '/' : '/content'}>
            {leads || !content ? 'Leads inbox' : 'Site content'}
          </Link>
          <nav aria-label="Inbox">
            <ul className="admin-nav">
              {leads && (
                <li>
                  <NavLink to="/" end>
                    Inbox
                  </NavLink>
                </li>
              )}
              {content && (
                <li>
                  <NavLink to="/content">Content</NavLink>
                </li>
              )}
              {leads && (
                <li>
                  <NavLink to="/conversion">Conversion</NavLink>
                </li>
              )}
              {leads && (
                <li>
                  <NavLink to="/audit">Audit log</NavLink>
                </li>
              )}
              <li>
                <NavLink to="/account">Your account</NavLink>
              </li>
            </ul>
          </nav>
          <div className="admin-account">
            <span>
              <span className="visually-hidden">Signed in as </span>
              <span className="admin-account__email">{session.user.email}</span>
            </span>
            <button
              type="button"
              className="button button--secondary admin-button--small"
              onClick={() => void onSignOut()}
              disabled={signingOut}
            >
              Sign out
            </button>
          </div>
        </div>
      </header>
      <main className="admin-main container" id="main" tabIndex={-1} ref={mainRef}>
        {signOutError && (
          <div className="admin-alert" role="alert">
            <p>{signOutError}</p>
          </div>
        )}
        {/* Always in the page, so screen readers hear what is put in it. */}
        <p className="admin-status" role="status">
          {status && status.at === pathname ? status.message : ''}
        </p>
        <Routes>
          <Route index element={leads || !content ? <LeadList /> : <Navigate to="/content" replace />} />
          <Route path="leads/:id" element={<LeadDetailView />} />
          <Route path="conversion" element={<Conversion />} />
          <Route path="audit" element={<AuditLog />} />
          <Route path="account" element={<AccountPage />} />
          {content && (
            <Route
              path="content/*"
              element={
                <Suspense fallback={<p className="admin-loading">Loading the editor…</p>}>
                  <EditorRoutes />
                </Suspense>
              }
            />
          )}
          <Route path="*" element={<NotFound />} />
        </Routes>
      </main>
    </InboxContext.Provider>
  );
}

/** Two-step sign-in is required and this account has none yet: nothing else opens until it is set up. */
function RequiredSetup({ onDone }: { onDone: () => void }) {
  useTitle('Set up two-step sign-in');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <main className="admin-main admin-main--narrow container" id="main">
      <h1 tabIndex={-1} ref={headingRef}>
        Set up two-step sign-in
      </h1>
      <p>This inbox requires two-step sign-in: besides your password, a code from an app on your phone. Set it up now to open the inbox.</p>
      <TwoStepSetup onFinished={onDone} heading="h2" />
    </main>
  );
}

function NotFound() {
  useTitle('Not found');
  return (
    <>
      <h1 tabIndex={-1}>Nothing here</h1>
      <p>
        This address is not part of the inbox. <Link to="/">Go to the inbox</Link>.
      </p>
    </>
  );
}
