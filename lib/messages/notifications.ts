// Notification settings and the Manage Subscription dialog (spec §4).

// §5 Subscription form (Manage Subscription dialog of /notification-settings).
export const subscriptionText = {
  immediately: 'Immediately',
  daily: 'Daily',
  chooseDelivery: 'Choose Email, In-System or both.',
  chooseLea: 'Select at least one LEA.',
  // Not named by the spec: the labels and notes around the form and table.
  tableCaption: 'Notification subscriptions',
  actions: 'Actions',
  name: 'Name',
  description: 'Description',
  subscription: 'Subscription',
  delivery: 'Delivery',
  frequency: 'Frequency',
  leas: 'LEAs',
  save: 'Save',
  manageSubscriptionFor: (name: string) => `Manage Subscription: ${name}`,
  unsubscribeNamed: (name: string) => `Unsubscribe from ${name}`,
  requiredNote: 'This notification is required: email and the LEAs are set by the agency.',
  leasLoading: 'Loading LEAs...',
  leasUnavailable: 'The LEAs could not be loaded. Please try again.',
  noLeas: 'You have no LEAs to choose from.',
  loadFailed: 'Your notification subscriptions could not be loaded. Please try again in a moment.',
} as const;
