// The platform's core strings: version and media type of the API contract, the generic field
// messages (spec §5), the error catalogue (spec §8), storage-key rules (§3) and core screens.

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
  // The spec's catalogue holds a key here, not a sentence: kept as written, while the field and
  // the summary show zipCodeHelp, which says what to enter (issue 12, item 10).
  zipCode: 'zip code error',
  zipCodeHelp: 'Enter a ZIP code of 5 digits, or of 5 digits, a hyphen and 4 digits (12345 or 12345-6789)',
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
  // Issue 10, findings 4 and 5: signed-out forms that send email or create accounts.
  tooManyRequests: 'Too many requests from your connection. Please wait a few minutes and try again.',
  upstreamTimeout: 'The server took too long to respond. Please try again.',
  serviceUnavailable: 'The portal is temporarily unavailable. Please try again in a moment.',
  pageNotFound: 'Page not found',
  csrfInvalid: 'Your form expired. Please try again.',
  // Issue 10, finding 6: a growing delay after five wrong passwords, not a 15-minute lock.
  accountLocked: 'This account is locked for a while after too many failed sign-in attempts. Please wait a few minutes and try again, or reset your password.',
  emailNotVerified: 'Please verify your email address before signing in.',
  passwordRecoverySent: 'If an account exists for that address, we have sent a link to reset the password.',
  invalidRequest: 'The request is not valid.',
} as const;

// §3 Local storage keys: the portal keeps these server-side, but the rules stand.
export const storageMessages = {
  emptyKey: 'key cannot be empty',
  reservedKey: (key: string) => `${key} is a reserved key`,
} as const;

// The page frame and the error pages (portal-core). Not named by the spec unless noted.
export const coreText = {
  skipToMain: 'Skip to main content',
  signedInAs: (name: string) => `Signed in as ${name}`,
  notifications: 'Notifications',
  goHome: 'Go to the home page',
  tryAgain: 'Try again',
  reference: (id: string) => `Reference: ${id}`,
  pageNotFoundBody: 'The page you asked for does not exist or has moved. Check the address, or start again from the home page.',
  accessDeniedBody: 'You do not have permission to see this page. If you think you should, ask your administrator.',
  serverErrorTitle: 'Server error',
  serverErrorBody: 'The problem has been logged. Please try again in a moment.',
  serviceUnavailableTitle: 'Service unavailable',
  noNetworkTitle: 'No Network',
  noNetworkBody: 'The portal could not reach the agency service. You are still signed in: please try again in a moment.',
  timeoutTitle: 'Server timeout',
  formExpiredTitle: 'Form expired',
  tooManyRequestsTitle: 'Too many attempts',
} as const;
