// The leads inbox's browser entry: a single-page app under /admin, never prerendered.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import '../../engine/styles/base.css';
import '../../engine/styles/site.css';
import './admin.css';
import { InboxApp } from './InboxApp';
import { ADMIN_PATH } from '../../contracts/inbox-contract';

// A data router, so the content editor can hold a move away while a file has unsaved changes (useBlocker).
const router = createBrowserRouter([{ path: '*', element: <InboxApp /> }], { basename: ADMIN_PATH });

createRoot(document.getElementById('inbox')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
