// Notification event types per module. Frequencies are spec §3 values; the portal offers only
// Immediately (1) and Daily (2), so every type supports a subset of those.
import { Frequency } from '../../lib/contract.js';

export interface EventTypeSeed {
  name: string;
  description: string;
  module: string;
  supportedFrequency: readonly number[];
  isSupportsEmail: boolean;
  isSupportsInApp: boolean;
  isRequired: boolean;
  hasLea: boolean;
  hasSpecificDate: boolean;
}

const { Immediately, Daily } = Frequency;

export const eventTypeSeeds: readonly EventTypeSeed[] = [
  {
    name: 'System Announcements',
    description: 'Planned maintenance, outages and changes to the portal.',
    module: 'App',
    supportedFrequency: [Immediately],
    isSupportsEmail: true,
    isSupportsInApp: true,
    isRequired: true,
    hasLea: false,
    hasSpecificDate: false,
  },
  {
    name: 'Account Changes',
    description: 'Your roles or districts were changed by an administrator.',
    module: 'App',
    supportedFrequency: [Immediately, Daily],
    isSupportsEmail: true,
    isSupportsInApp: true,
    isRequired: false,
    hasLea: false,
    hasSpecificDate: false,
  },
  {
    name: 'Restraint Violation Created',
    description: 'A restraint or aversive intervention incident was recorded for one of your districts.',
    module: 'RestraintAversiveIntervention',
    supportedFrequency: [Immediately, Daily],
    isSupportsEmail: true,
    isSupportsInApp: true,
    isRequired: false,
    hasLea: true,
    hasSpecificDate: false,
  },
  {
    name: 'CAP Deadline Warning',
    description: 'A corrective action plan is due within the next seven days.',
    module: 'RestraintAversiveIntervention',
    supportedFrequency: [Daily],
    isSupportsEmail: true,
    isSupportsInApp: true,
    isRequired: true,
    hasLea: true,
    hasSpecificDate: true,
  },
  {
    name: 'CAP Deadline Missed',
    description: 'A corrective action plan passed its due date without being submitted.',
    module: 'RestraintAversiveIntervention',
    supportedFrequency: [Immediately, Daily],
    isSupportsEmail: true,
    isSupportsInApp: true,
    isRequired: true,
    hasLea: true,
    hasSpecificDate: true,
  },
  {
    name: 'Early Childhood Scores Submitted',
    description: 'Entry or exit scores were submitted for a child in one of your districts.',
    module: 'Eco',
    supportedFrequency: [Immediately, Daily],
    isSupportsEmail: true,
    isSupportsInApp: true,
    isRequired: false,
    hasLea: true,
    hasSpecificDate: false,
  },
  {
    name: 'Early Childhood Scores Unlocked',
    description: 'The state unlocked submitted scores so they can be corrected.',
    module: 'Eco',
    supportedFrequency: [Immediately],
    isSupportsEmail: false,
    isSupportsInApp: true,
    isRequired: false,
    hasLea: true,
    hasSpecificDate: false,
  },
  {
    name: 'Early Childhood Unlock Requested',
    description: 'A district asked the state to unlock submitted early childhood ratings.',
    module: 'Eco',
    supportedFrequency: [Immediately, Daily],
    isSupportsEmail: true,
    isSupportsInApp: true,
    isRequired: false,
    hasLea: true,
    hasSpecificDate: false,
  },
  {
    name: 'Early Childhood Scores Due',
    description: 'Entry or exit ratings are overdue or due within 7 days in one of your districts.',
    module: 'Eco',
    supportedFrequency: [Daily],
    isSupportsEmail: true,
    isSupportsInApp: true,
    isRequired: false,
    hasLea: true,
    hasSpecificDate: true,
  },
  {
    name: 'Dispute Request Submitted',
    description: 'A new dispute resolution request was submitted.',
    module: 'DisputeResolution',
    supportedFrequency: [Immediately, Daily],
    isSupportsEmail: true,
    isSupportsInApp: true,
    isRequired: false,
    hasLea: true,
    hasSpecificDate: false,
  },
  {
    name: 'Dispute Case Timeline Reminder',
    description: 'A timeline date on a dispute resolution case you are party to is approaching.',
    module: 'DisputeResolution',
    supportedFrequency: [Daily],
    isSupportsEmail: true,
    isSupportsInApp: true,
    isRequired: false,
    hasLea: false,
    hasSpecificDate: true,
  },
  // DR spec §11: the other case events (api/dr/notify.ts). Parties' types are per LEA: a district
  // user chooses the LEAs whose cases they hear about; the rest reach named people (required).
  ...(
    [
      ['DR Case Accepted', 'A dispute resolution case you are party to was accepted.', true, false],
      ['DR Neutral Assigned', 'A neutral was proposed to you for, or assigned to, a dispute resolution case.', true, false],
      ['DR Deadline Missed', 'A timeline date of a dispute resolution case passed without being met.', false, true],
      ['DR Withdrawal Requested', 'A filer asked to withdraw a dispute resolution case you decide on.', false, false],
      ['DR Withdrawal Decided', 'Your request to withdraw a dispute resolution case was decided.', false, false],
      ['DR Case Closed', 'A dispute resolution case you are party to was closed.', true, false],
    ] as const
  ).map(([name, description, hasLea, hasSpecificDate]) => ({
    name,
    description,
    module: 'DisputeResolution',
    supportedFrequency: [Immediately, Daily],
    isSupportsEmail: true,
    isSupportsInApp: true,
    isRequired: false,
    hasLea,
    hasSpecificDate,
  })),
  {
    // Email only, to the parties' addresses (DR spec §8, §11); the link is personal, so the job
    // sends it to no subscriber (api/dr/surveys.ts).
    name: 'Dispute Survey Invitation',
    description: 'A satisfaction survey invitation sent to the parties of a closed dispute resolution case.',
    module: 'DisputeResolution',
    supportedFrequency: [Immediately],
    isSupportsEmail: true,
    isSupportsInApp: false,
    isRequired: false,
    hasLea: false,
    hasSpecificDate: false,
  },
  {
    // Email only, to the signer's address (DR spec §11); the link is personal (api/dr/sign.ts).
    name: 'DR Signature Requested',
    description: 'A link to sign a dispute resolution document or to choose a hearing officer.',
    module: 'DisputeResolution',
    supportedFrequency: [Immediately],
    isSupportsEmail: true,
    isSupportsInApp: false,
    isRequired: false,
    hasLea: false,
    hasSpecificDate: false,
  },
  {
    name: 'Post-School Survey Collection Opened',
    description: 'A post-school outcomes survey collection window opened.',
    module: 'PostSchoolOutcomesSurvey',
    supportedFrequency: [Immediately],
    isSupportsEmail: true,
    isSupportsInApp: true,
    isRequired: false,
    hasLea: false,
    hasSpecificDate: true,
  },
  {
    name: 'Student List Due',
    description: 'A district student list for the post-school outcomes survey is due soon.',
    module: 'PostSchoolOutcomesSurvey',
    supportedFrequency: [Immediately, Daily],
    isSupportsEmail: true,
    isSupportsInApp: true,
    isRequired: false,
    hasLea: true,
    hasSpecificDate: true,
  },
  {
    name: 'Monitoring Visit Scheduled',
    description: 'An integrated monitoring review visit was scheduled for one of your districts.',
    module: 'Monitoring',
    supportedFrequency: [Immediately, Daily],
    isSupportsEmail: true,
    isSupportsInApp: true,
    isRequired: false,
    hasLea: true,
    hasSpecificDate: true,
  },
];
