// The platform's monitoring screens built so far: the visit workspace and its visit details step.

// The Integrated Monitoring Review visit page (host of the person picker). Not named by the spec.
export const monitoringText = {
  selectPeopleStep: 'Select people for the review',
  selectPeopleIntro: 'Search for the students and staff to include in the review, tick them, and save the selection. Add anyone not in the list by first and last name.',
  selectedPeople: 'Selected people',
  noPeopleSelected: 'No people are selected for the review yet.',
  addedByHand: 'added by hand',
  remove: 'Remove',
  removePerson: (name: string) => `Remove ${name}`,
  selectionSaved: (n: number) => (n === 1 ? 'Selection saved: 1 person selected.' : `Selection saved: ${n} people selected.`),
  personRemoved: (name: string) => `${name} was removed from the review.`,
  viewOnly: 'You can see the people selected for the review. Selecting people needs the permission to select visit students.',
  searchUnavailable: 'The people search is unavailable right now. Please try again in a moment.',
} as const;

// The "Visit details" step of the Integrated Monitoring Review (/monitoring/visit). Not named by
// the spec beyond its generic field errors (§5).
export const visitDetailsText = {
  step: 'Visit details',
  intro: 'When the review team visits, and how many student files it will review. Every field is required.',
  visitDate: 'Visit date',
  startTime: 'Start time',
  endTime: 'End time',
  studentFileCount: 'Number of student files to review',
  studentFileCountHint: (max: number) => `Digits only, from 1 to ${max}`,
  save: 'Save visit details',
  saved: 'Visit details saved',
  endTimeAfterStart: 'End time must be after the start time',
  notSavedYet: 'No visit details have been saved for this district and school year yet.',
  viewOnly: 'Changing the visit details needs the permission to start visits.',
  chooseLea: 'Choose a district or charter in the top bar to see its visit details.',
  lastUpdated: (name: string, when: string) => `Last updated by ${name} on ${when}`,
} as const;
