// The top bar's selectors post here (views/shell/LeaSelector.tsx, SchoolYearSelector.tsx): plain
// forms with the CSRF field, so they work without JavaScript; the AutoSubmitSelect island
// submits the same form after a 100 ms debounce (spec §9). A choice must be one the user is
// offered (shell-context.ts lists), else nothing changes and the page says why.
//
// LEA change (spec §4): saved (later API calls carry it as CurrentLeaId), the saved child search
// form is cleared; post-school outcomes pages (not student-list detail pages) reload in place,
// every other page goes to the dashboard with 'Redirecting to Dashboard.'.
// School year change (spec §4): saved (later calls carry it as activeschoolyear), and the page
// the user was on reloads ('Refreshing Application...' shows while it does, with JavaScript).
import { Router, type Request, type RequestHandler } from 'express';
import { z } from 'zod';
import { afterLeaChange } from '../../lib/lea-selection.js';
import { shellText } from '../../lib/messages.js';
import { safeReturnUrl } from '../../lib/return-url.js';
import { LEA_CHANGE_ACTION } from '../../views/shell/LeaSelector.js';
import { SCHOOL_YEAR_CHANGE_ACTION } from '../../views/shell/SchoolYearSelector.js';
import { requireSignedIn } from '../auth-session.js';
import type { AppDeps } from '../deps.js';
import { addFlash } from '../flash.js';
import { loadShellLists, type ShellLists } from '../shell-context.js';

const leaChange = z.object({ leaId: z.string().trim().regex(/^\d{1,9}$/).transform(Number) });
const schoolYearChange = z.object({ schoolYear: z.string().trim().regex(/^\d{4}-\d{4}$/) });

function returnToOf(req: Request): string {
  const body: unknown = req.body;
  const value = body && typeof body === 'object' && 'returnTo' in body ? (body as { returnTo: unknown }).returnTo : undefined;
  return safeReturnUrl(value);
}

/**
 * One selector's POST: the choice is looked up in a fresh copy of the user's lists (what they may
 * pick now); a choice not there changes nothing and goes back with `refused`; otherwise `apply`
 * saves it and names where to go.
 */
function changeHandler<T>(
  choose: (body: unknown, lists: ShellLists) => T | undefined,
  refused: string,
  apply: (req: Request, chosen: T, returnTo: string) => string,
): RequestHandler {
  return async (req, res) => {
    const returnTo = returnToOf(req);
    const chosen = choose(req.body, await loadShellLists(req, res, { fresh: true }));
    if (chosen === undefined) {
      addFlash(req, { type: 'error', text: refused });
      res.redirect(303, returnTo);
      return;
    }
    res.redirect(303, apply(req, chosen, returnTo));
  };
}

/** Makes an LEA the current one (it must be one the user is offered): later API calls carry it. */
export function makeLeaCurrent(req: Request, leaId: number): void {
  req.session.currentLeaId = leaId;
  // Spec §4: an LEA change clears the saved child search form.
  delete req.session.childSearchForm;
}

export function sessionContextRouter(_deps: AppDeps): Router {
  const router = Router();

  router.post(
    LEA_CHANGE_ACTION,
    requireSignedIn,
    changeHandler(
      (body, lists) => {
        const parsed = leaChange.safeParse(body);
        return parsed.success ? lists.leas.find((l) => l.id === parsed.data.leaId) : undefined;
      },
      shellText.leaNotAvailable,
      (req, lea, returnTo) => {
        makeLeaCurrent(req, lea.id);
        const next = afterLeaChange(returnTo);
        if (next.message) addFlash(req, { type: 'info', text: next.message });
        return next.redirectTo;
      },
    ),
  );

  router.post(
    SCHOOL_YEAR_CHANGE_ACTION,
    requireSignedIn,
    changeHandler(
      (body, lists) => {
        const parsed = schoolYearChange.safeParse(body);
        return parsed.success ? lists.schoolYears.find((y) => y.key === parsed.data.schoolYear) : undefined;
      },
      shellText.schoolYearNotAvailable,
      (req, year, returnTo) => {
        req.session.schoolYear = year.key;
        addFlash(req, { type: 'success', text: shellText.schoolYearChanged(year.label) });
        return returnTo;
      },
    ),
  );

  return router;
}
