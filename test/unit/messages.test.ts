// The spec's user-facing strings, quoted exactly (spec §5, §8, §9). If one of these fails, a
// screen now says something the specification does not.
import { describe, expect, it } from 'vitest';
import { APP_VERSION, API_ACCEPT, errorMessages, uiText, validationMessages, storageMessages } from '../../lib/messages.js';

describe('message catalogue', () => {
  it('holds the validation messages of spec §5', () => {
    expect(validationMessages.valueRequired).toBe('A value is required.');
    expect(validationMessages.validEmailRequired).toBe('A valid email is required.');
    expect(validationMessages.mustEnterValue).toBe('You must enter a value');
    expect(validationMessages.notValidEmail).toBe('Not a valid email');
    expect(validationMessages.passwordsMustMatch).toBe('Passwords must match');
    expect(validationMessages.fullNameRequired).toBe('Full name is required.');
    expect(validationMessages.emailRequired).toBe('Email is required.');
    expect(validationMessages.emailInvalid).toBe('Please enter a valid email address.');
    expect(validationMessages.passwordRequired).toBe('Password is required.');
    expect(validationMessages.passwordMinLength).toBe('Password must be at least 12 characters.');
    expect(validationMessages.passwordComplexity).toBe(
      'Password must include at least one uppercase letter, one lowercase letter, one number, and one special character.',
    );
    expect(validationMessages.confirmPasswordRequired).toBe('Confirming your password is required.');
    expect(validationMessages.passwordsDoNotMatch).toBe('Passwords do not match.');
  });

  it('holds the generic field errors of spec §5', () => {
    expect(validationMessages.invalidDateFormat).toBe('Invalid date format');
    expect(validationMessages.minDate('01/02/2024')).toBe('Must be on or after 01/02/2024');
    expect(validationMessages.maxDate('01/02/2024')).toBe('Must be on or before 01/02/2024');
    expect(validationMessages.fieldRequired).toBe('Field is required');
    expect(validationMessages.maxLength(200)).toBe('Field has a max length of 200');
    expect(validationMessages.minValue(1)).toBe('Field has a min value of 1');
    expect(validationMessages.maxValue(9)).toBe('Field has a max value of 9');
    expect(validationMessages.incorrectFormat).toBe('Input not in correct format');
    expect(validationMessages.numbersNotAllowed).toBe('Numbers are not allowed');
    expect(validationMessages.numbersAndSpecialNotAllowed).toBe('Numbers and special characters are not allowed');
    expect(validationMessages.zipCode).toBe('zip code error');
    expect(validationMessages.zipCodeHelp).toBe('Enter a ZIP code of 5 digits, or of 5 digits, a hyphen and 4 digits (12345 or 12345-6789)');
    expect(validationMessages.validEmail).toBe('Please enter a valid email');
    expect(validationMessages.dateAfterStart).toBe('Date must be after start date');
    expect(validationMessages.selectFromList).toBe('A value must be selected from the list');
    expect(validationMessages.noFutureDates).toBe('No future dates allowed');
    expect(validationMessages.invalidTimeFormat).toBe('Invalid time format, use hh:mm PM such as 3:00 PM');
  });

  it('holds the error catalogue of spec §8', () => {
    expect(errorMessages.loginFailed).toBe('Invalid email or password.');
    expect(errorMessages.loginErrorPrefix).toBe('Error: ');
    expect(errorMessages.emptyAccessToken).toBe('Received accessToken was empty.');
    expect(errorMessages.verificationFailed).toBe('Email verification failed. Please try again later.');
    expect(errorMessages.verificationError).toBe('An error occurred while verifying your email.');
    expect(errorMessages.passwordRecoveryFailed).toBe('Could not reset password.');
    expect(errorMessages.passwordChanged).toBe('Password Changed!');
    expect(errorMessages.invalidInformation).toBe('Invalid Information.');
    expect(errorMessages.verificationEmailSent).toBe('Verification email sent!');
    expect(errorMessages.resendFailed).toBe('Failed to resend email. Please try again.');
    expect(errorMessages.noNetwork).toBe('No Network: The server cannot be reached.');
    expect(errorMessages.accessDenied).toBe('Access Denied!');
    expect(errorMessages.subscriptionError).toBe('Error updating subscription');
    expect(errorMessages.subscriptionUpdated).toBe('Subscription updated successfully');
    expect(errorMessages.somethingWentWrong).toBe('Something went wrong!');
    expect(errorMessages.snackbarError('boom')).toBe('Error: boom');
    expect(errorMessages.sessionExpired).toBe('Session expired');
    expect(errorMessages.versionMismatch).toBe(
      'Please refresh your browser to get the latest changes. Or click the refresh button below.',
    );
    expect(errorMessages.refreshNow).toBe('Refresh Now');
  });

  it('holds the screen texts and constants of spec §2, §4 and §9', () => {
    expect(uiText.pleaseWait).toBe('Please Wait...');
    expect(uiText.refreshingApplication).toBe('Refreshing Application...');
    expect(uiText.redirectingToDashboard).toBe('Redirecting to Dashboard.');
    expect(uiText.noResults).toBe('No results');
    expect(uiText.noSystemMessages).toBe('You do not have any system messages.');
    expect(uiText.submitting).toBe('Submitting...');
    expect(uiText.submitted).toBe('Submitted!');
    expect(uiText.confirmTitle).toBe('Are you sure?');
    expect(uiText.ok).toBe('Ok');
    expect(uiText.cancel).toBe('Cancel');
    expect(uiText.alertTitle).toBe('Notice');
    expect(uiText.unsubscribeFrom('Weekly digest')).toBe('Unsubscribe from Weekly digest?');
    expect(uiText.resendWait('4:59')).toBe('please wait 4:59 minutes to resend');
    expect(uiText.goodMorning).toBe('Good Morning');
    expect(uiText.goodAfternoon).toBe('Good Afternoon');
    expect(uiText.goodEvening).toBe('Good Evening');
    expect(storageMessages.emptyKey).toBe('key cannot be empty');
    expect(APP_VERSION).toBe('2.7.0');
    expect(API_ACCEPT).toBe('application/vnd.portal.v1+json');
  });
});
