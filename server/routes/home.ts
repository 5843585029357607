// A minimal signed-in landing at / (the dashboard replaces it): the Dashboard heading, who is
// signed in, and a Sign Out form.
import { Router } from 'express';
import { createElement, Fragment } from 'react';
import { coreText, navText } from '../../lib/messages.js';
import { SignOutForm } from '../../views/layouts/ShellLayout.js';
import { currentUser, requireSignedIn } from '../auth-session.js';
import type { AppDeps } from '../deps.js';
import { renderPage } from '../render.js';

export function homeRouter(_deps: AppDeps): Router {
  const router = Router();
  router.get('/', requireSignedIn, (req, res) => {
    const user = currentUser(req);
    const page = createElement(
      Fragment,
      null,
      createElement('h1', null, navText.dashboard),
      createElement('p', { className: 'usa-intro' }, coreText.signedInAs(user?.fullName ?? '')),
      createElement(SignOutForm, null),
    );
    renderPage(req, res, page, { title: navText.dashboard, layout: 'shell' });
  });
  return router;
}
