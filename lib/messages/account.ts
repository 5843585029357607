// The account page (/account, the user menu's "My account"). The spec names the page, the
// profile fields of the current user, the change-password call and the preferences (§3, §7);
// the password messages are the reset screen's (§8). The rest is written here.
export const accountText = {
  profile: 'Profile',
  profileIntro: 'Your name, job title and phone number, as other users of the portal see them.',
  fullName: 'Full Name',
  jobTitle: 'Job Title',
  phoneNumber: 'Phone Number',
  phoneHint: 'Digits, spaces, + ( ) . - and an optional extension, such as 775-555-0100 x12',
  email: 'Email',
  userName: 'User Name',
  roles: 'Roles',
  noRoles: 'No roles',
  readOnlyNote: 'An administrator who manages users changes your email address and roles.',
  saveProfile: 'Save Profile',
  profileSaved: 'Your profile was saved.',
  changePassword: 'Change Password',
  changePasswordIntro: 'After the change, every other place where you are signed in is signed out.',
  currentPassword: 'Current Password',
  passwordChangeWait: 'Too many wrong passwords for this account. Please wait a few minutes and try again.',
  preferences: 'Preferences',
  language: 'Language',
  homeUrl: 'Home Page',
  homeUrlHint: 'The page you see after you sign in.',
  savePreferences: 'Save Preferences',
  preferencesSaved: 'Your preferences were saved.',
  dashboard: 'Dashboard',
} as const;

/** The languages the portal is written in; a stored code outside the list is shown as English. */
export const portalLanguages = [{ value: 'en', label: 'English' }] as const;
