// The one catalogue of user-facing strings. Every string the specification names is quoted
// here exactly, and test/unit/messages.test.ts asserts them. Add new strings in the section
// of the feature that uses them; never inline a spec string elsewhere.

export const APP_VERSION = '2.7.0';
export const API_ACCEPT = 'application/vnd.portal.v1+json';

export const validationMessages = {
  // §5 Login and reset-password dialog
  valueRequired: 'A value is required.',
  validEmailRequired: 'A valid email is required.',
  // §5 Simple register form (/auth/register)
  mustEnterValue: 'You must enter a value',
  notValidEmail: 'Not a valid email',
  passwordsMustMatch: 'Passwords must match',
  // §5 Dispute registration (/dr-request)
  fullNameRequired: 'Full name is required.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Password is required.',
  passwordMinLength: 'Password must be at least 12 characters.',
  passwordComplexity:
    'Password must include at least one uppercase letter, one lowercase letter, one number, and one special character.',
  confirmPasswordRequired: 'Confirming your password is required.',
  passwordsDoNotMatch: 'Passwords do not match.',
  agreementRequired: 'You must agree to be contacted by email about your request.',
  // §5 Generic field errors
  invalidDateFormat: 'Invalid date format',
  minDate: (date: string) => `Must be on or after ${date}`,
  maxDate: (date: string) => `Must be on or before ${date}`,
  fieldRequired: 'Field is required',
  maxLength: (n: number) => `Field has a max length of ${n}`,
  minValue: (n: number) => `Field has a min value of ${n}`,
  maxValue: (n: number) => `Field has a max value of ${n}`,
  incorrectFormat: 'Input not in correct format',
  numbersNotAllowed: 'Numbers are not allowed',
  numbersAndSpecialNotAllowed: 'Numbers and special characters are not allowed',
  zipCode: 'zip code error',
  validEmail: 'Please enter a valid email',
  dateAfterStart: 'Date must be after start date',
  selectFromList: 'A value must be selected from the list',
  noFutureDates: 'No future dates allowed',
  invalidTimeFormat: 'Invalid time format, use hh:mm PM such as 3:00 PM',
} as const;

export const errorMessages = {
  // §8 Error catalogue
  loginFailed: 'Invalid email or password.',
  loginErrorPrefix: 'Error: ',
  emptyAccessToken: 'Received accessToken was empty.',
  verificationFailed: 'Email verification failed. Please try again later.',
  verificationError: 'An error occurred while verifying your email.',
  passwordRecoveryFailed: 'Could not reset password.',
  passwordChanged: 'Password Changed!',
  invalidInformation: 'Invalid Information.',
  verificationEmailSent: 'Verification email sent!',
  resendFailed: 'Failed to resend email. Please try again.',
  noNetwork: 'No Network: The server cannot be reached.',
  accessDenied: 'Access Denied!',
  invalidToken: 'Invalid token: expected three parts.',
  subscriptionError: 'Error updating subscription',
  subscriptionUpdated: 'Subscription updated successfully',
  somethingWentWrong: 'Something went wrong!',
  snackbarError: (message: string) => `Error: ${message}`,
  sessionExpired: 'Session expired',
  versionMismatch: 'Please refresh your browser to get the latest changes. Or click the refresh button below.',
  refreshNow: 'Refresh Now',
  // Not in the spec: written here so every failure still has a clear message.
  tooManySignIns: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  upstreamTimeout: 'The server took too long to respond. Please try again.',
  serviceUnavailable: 'The portal is temporarily unavailable. Please try again in a moment.',
  pageNotFound: 'Page not found',
  csrfInvalid: 'Your form expired. Please try again.',
  accountLocked: 'This account is locked after too many failed sign-in attempts. Try again in 15 minutes.',
} as const;

export const uiText = {
  // §2 and §4 screens
  pleaseWait: 'Please Wait...',
  refreshingApplication: 'Refreshing Application...',
  redirectingToDashboard: 'Redirecting to Dashboard.',
  noResults: 'No results',
  noSystemMessages: 'You do not have any system messages.',
  submitting: 'Submitting...',
  submitted: 'Submitted!',
  confirmTitle: 'Are you sure?',
  ok: 'Ok',
  cancel: 'Cancel',
  alertTitle: 'Notice',
  unsubscribeFrom: (name: string) => `Unsubscribe from ${name}?`,
  unsubscribe: 'Unsubscribe',
  goodMorning: 'Good Morning',
  goodAfternoon: 'Good Afternoon',
  goodEvening: 'Good Evening',
  requestDisputeResolution: 'Request Dispute Resolution',
  accountCreationSuccess: 'Account Creation Success',
  createUserAccount: 'Create a User Account',
  accountCreationConfirmation: 'Account Creation Confirmation',
  createAccount: 'Create Account',
  confirm: 'Confirm',
  resendWait: (mmss: string) => `please wait ${mmss} minutes to resend`,
  agreementText:
    'I understand that the state education department may contact me by email about this request, and that I will receive email notices for requests I submit or am a party to.',
  notificationSettings: 'Notification Settings',
  notificationSubscription: 'Notification Subscription',
  manageSubscription: 'Manage Subscription',
  subscriptionEmail: 'Email',
  subscriptionInSystem: 'In-System',
  subscriptionBoth: 'Email and In-System',
  subscriptionNone: 'None',
} as const;

// §3 Local storage keys: the portal keeps these server-side, but the rules stand.
export const storageMessages = {
  emptyKey: 'key cannot be empty',
  reservedKey: (key: string) => `${key} is a reserved key`,
} as const;
