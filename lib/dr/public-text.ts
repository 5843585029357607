// Every string of the case documents tab and the public page /dr-public (DR spec §4.3, §4.11).
import type { RequestOption } from './request-rules.js';

export const NO_COST = 'No cost to parents';

/** The four options compared on /dr-public (§1): who may file and the usual timeline. */
export const OPTION_FACTS: Readonly<Record<RequestOption, { whoMayFile: string; timeline: string }>> = {
  IEPF: { whoMayFile: 'Parents, adult students and school districts, when both agree to take part', timeline: 'A meeting is usually held within a few weeks of the request' },
  MED: { whoMayFile: 'Parents, adult students and school districts, when both agree to take part', timeline: 'Usually scheduled within a few weeks; either party may end it at any time' },
  SC: { whoMayFile: 'Anyone, including organizations, about a violation within the last year', timeline: 'A written report within 60 days unless extended' },
  DP: { whoMayFile: 'A parent, an adult student or a school district, within two years', timeline: 'Resolution meeting within 15 days, then a hearing decision within 45 days after the 30-day resolution period' },
};

export const docText = {
  caption: 'Documents of this case',
  none: 'No documents have been added to this case.',
  columns: { name: 'Name', kind: 'Type', size: 'Size', uploaded: 'Uploaded', tag: 'Tag', actions: 'Actions' },
  uploadedBy: (name: string, when: string) => `${name}, ${when}`,
  upload: 'Upload a document',
  file: 'File',
  fileHint: 'PDF, DOCX, JPG or PNG, up to 20 MB.',
  redactedDecision: 'Redacted decision',
  redactedHint: 'Publish on the public dispute resolution page. Only redacted decisions with no student information may carry this tag.',
  uploadButton: 'Upload',
  deleteButton: (name: string) => `Delete ${name}`,
  tagButton: (name: string) => `Mark ${name} as redacted decision`,
  untagButton: (name: string) => `Remove the redacted decision tag from ${name}`,
  uploaded: 'The document was uploaded.',
  deleted: 'The document was deleted.',
  tagged: 'The Redacted decision tag was set.',
  untagged: 'The Redacted decision tag was removed.',
  notOnDraft: 'Documents can be added once the request is submitted.',
  notYours: 'Only state staff or the person who uploaded a document can delete it.',
  tagOnlyState: 'Only state staff can tag a redacted decision.',
  notFound: 'No such document.',
} as const;

export const publicText = {
  title: 'Dispute resolution',
  optionsHeading: 'Compare the four options',
  optionsCaption: 'The four dispute resolution options',
  columns: { option: 'Option', who: 'Who may file', timeline: 'Typical timeline', cost: 'Cost' },
  startHeading: 'Start a request',
  createAccount: 'Create an account',
  signIn: 'Sign in',
  decisionsHeading: 'Published decisions',
  decisionsIntro: 'Redacted hearing and review decisions, with no student information.',
  decisionsCaption: 'Published redacted decisions',
  decisionColumns: { year: 'Year', caseNumber: 'Case number', lea: 'District', decisionDate: 'Decision date', download: 'Download' },
  download: (caseNumber: string) => `Download the decision of ${caseNumber}`,
  noDecisions: 'No decisions have been published yet.',
  unavailable: 'This information is unavailable right now. Please try again later.',
} as const;
