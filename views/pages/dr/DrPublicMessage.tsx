// The one message a public dispute resolution page shows after it is done, or for a used, expired or
// unknown link (the public survey, the sign-form).
import type { ReactElement } from 'react';

export function DrPublicMessage({ title, message, testId }: { title: string; message: string; testId: string }): ReactElement {
  return (
    <div className="grid-row">
      <div className="tablet:grid-col-10 desktop:grid-col-8">
        <h1>{title}</h1>
        <div className="usa-alert usa-alert--info" role="status">
          <div className="usa-alert__body"><p className="usa-alert__text" data-testid={testId}>{message}</p></div>
        </div>
      </div>
    </div>
  );
}
