// The frame of pages outside the signed-in shell (sign-in, registration, public error pages).
import type { ReactElement, ReactNode } from 'react';
import { PageFrame } from './Document.js';

export function PublicLayout({ children }: { children: ReactNode }): ReactElement {
  return <PageFrame>{children}</PageFrame>;
}
