// The leads inbox's browser entry: a single-page app under /admin, never prerendered.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import '../../engine/styles/base.css';
import '../../engine/styles/site.css';
import './admin.css';
import { InboxApp } from './InboxApp';
import { ADMIN_PATH } from '../../contracts/inbox-contract';

createRoot(document.getElementById('inbox')!).render(
  <StrictMode>
    <BrowserRouter basename={ADMIN_PATH}>
      <InboxApp />
    </BrowserRouter>
  </StrictMode>,
);
