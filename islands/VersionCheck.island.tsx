// Tells the user when the portal was updated while their page was open (spec §8 Version
// mismatch): every fetch an island makes reports the x-build-id response header
// (reportServerResponse, lib/client-events.ts); when it differs from the build this page was
// rendered by, a dialog says 'Please refresh your browser to get the latest changes. Or click
// the refresh button below.' with Refresh Now (reload) and Ok (later).
//
// No JavaScript: nothing to check; every full page load is rendered by the running build with
// its own scripts and styles, so a page without islands can never be out of date. The server
// renders the closed dialog only.
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { listen, SERVER_RESPONSE_EVENT, type ServerResponseDetail } from '../lib/client-events.js';
import { errorMessages, uiText } from '../lib/messages.js';
import { AlertDialog } from '../views/components/AlertDialog.js';

export interface VersionCheckProps {
  buildId: string;
}

/** Whether a reported build differs from this page's (an absent header says nothing). */
export function isOtherBuild(pageBuild: string, reported: string | null | undefined): boolean {
  return typeof reported === 'string' && reported !== '' && reported !== pageBuild;
}

export default function VersionCheck({ buildId }: VersionCheckProps): ReactElement {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);

  useEffect(
    () =>
      listen<ServerResponseDetail>(SERVER_RESPONSE_EVENT, (detail) => {
        const reported = detail?.buildId;
        // Ask once per new build: Ok means "not now", not "ask again on every fetch".
        if (!isOtherBuild(buildId, reported) || reported === dismissedFor) return;
        const dialog = dialogRef.current;
        if (dialog && !dialog.open) {
          setDismissedFor(reported ?? null);
          dialog.showModal();
        }
      }),
    [buildId, dismissedFor],
  );

  return (
    <AlertDialog
      id="version-check"
      dialogRef={dialogRef}
      message={errorMessages.versionMismatch}
      actions={
        <>
          <button type="button" className="usa-button" onClick={() => window.location.reload()}>
            {errorMessages.refreshNow}
          </button>
          <button type="submit" className="usa-button usa-button--outline">
            {uiText.ok}
          </button>
        </>
      }
    />
  );
}
