// OpenAPI 3.1 path items of the auth, account and password endpoints. Request and response
// schemas are generated from the same zod schemas the routes validate with and the contract the
// portal parses with, so the document cannot drift from the behaviour.
import { z } from 'zod';
import {
  bearer,
  denied,
  error,
  invalid,
  jsonBody,
  jsonResponse,
  pathParam,
  queryParam,
  refreshCookie,
  schemaOf,
  unauthenticated,
  type OpenApiPaths,
} from './helpers.js';
import {
  apiErrorBody,
  confirmEmailResponse,
  pagedUsers,
  permission,
  refreshTokenRequest,
  resendVerificationResponse,
  tokenResponse,
  user,
  userConfiguration,
  verifyEmailRequest,
  verifyEmailResponse,
} from '../../lib/contract.js';
import { accountSchemas } from '../routes/account.js';
import { registerBody } from '../routes/auth.js';

const missing = error('No such user (or not visible to the caller).');

const userId = pathParam('id', { type: 'string', format: 'uuid' }, 'The user id.');
const listParams = [
  queryParam('pageNumber', { type: 'integer', minimum: 1, default: 1 }, 'Page, from 1.'),
  queryParam('pageSize', { type: 'integer', minimum: 1, maximum: 1000, default: 25 }, 'Users per page.'),
  queryParam('search', { type: 'string' }, 'Part of the full name, email, user name or job title.'),
  queryParam('leaId', { type: 'integer' }, 'Only users of this LEA.'),
  queryParam('role', { type: 'string' }, 'Only users holding this role (by name).'),
  queryParam(
    'sortField',
    { type: 'string', enum: ['fullName', 'firstName', 'lastName', 'userName', 'email', 'jobTitle', 'phoneNumber', 'leaId', 'isEnabled', 'emailConfirmed', 'createdAt', 'updatedAt'] },
    'Sort key.',
  ),
  queryParam('sortDirection', { type: 'string', enum: ['asc', 'desc'] }, 'Sort direction.'),
  queryParam('includeDeleted', { type: 'boolean', default: false }, 'Include soft-deleted users.'),
  queryParam('isEnabled', { type: 'boolean' }, 'Only enabled (true) or only disabled (false) accounts; both when absent.'),
];
const success = jsonResponse('Done.', z.object({ success: z.literal(true) }));
const passwordRefused = error('`Invalid Information.` with `reasons`: each password rule not met, and/or `Invalid token.`');

const tokenForm = z.object({
  username: z.string().describe('Email address or user name.'),
  password: z.string(),
  recaptchaToken: z.string().optional().describe('reCAPTCHA v3 token; required when the API has a reCAPTCHA secret.'),
});

export const authPaths: OpenApiPaths = {
  '/api/auth/token': {
    post: {
      tags: ['Auth'],
      summary: 'Sign in',
      description:
        'Checks the credentials and answers an access token; sets the `refreshToken` cookie (HttpOnly, SameSite=Strict, Path=/api/auth). Each guess is counted before the password is checked: per client (20 in 15 minutes, a right password given back) and per account or typed name, where the first five are free and each later guess waits 1, 2, 4 … minutes (at most an hour; forgotten a day after the last wrong guess, or on a right password, an unblock or a password reset). Unknown names are answered exactly as known ones.',
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': { schema: schemaOf(tokenForm, 'input') },
          'application/json': { schema: schemaOf(tokenForm, 'input') },
        },
      },
      responses: {
        200: jsonResponse('Signed in.', tokenResponse),
        400: error('`invalid_credentials` (unknown user, wrong password, disabled or deleted account), `email_not_verified`, `recaptcha_failed`, or invalid input.'),
        429: error('`locked`: this account (or typed name) waits before its next guess; `too_many_requests`: too many guesses from this client. `Retry-After` says how many seconds.'),
      },
    },
  },
  '/api/auth/refresh-token': {
    post: {
      tags: ['Auth'],
      summary: 'Rotate the refresh token',
      description:
        'Spends the presented refresh token and answers a new access token and a new `refreshToken` cookie in the same family. Presenting a token that was already rotated or revoked revokes the whole family.',
      security: refreshCookie,
      requestBody: { required: false, content: { 'application/json': { schema: schemaOf(refreshTokenRequest, 'input') } } },
      responses: { 200: jsonResponse('A fresh session.', tokenResponse), 400: invalid, 401: error('No usable refresh token; the cookie is cleared.') },
    },
  },
  '/api/auth/access-token': {
    post: {
      tags: ['Auth'],
      summary: 'A fresh access token for the current session',
      description: 'Does not rotate the refresh token. Roles and permissions are read again, so role changes apply.',
      security: refreshCookie,
      responses: { 200: jsonResponse('A fresh access token.', tokenResponse), 401: error('No usable refresh token.') },
    },
  },
  '/api/auth/revoke-token': {
    post: {
      tags: ['Auth'],
      summary: 'Sign out',
      description: 'Revokes the refresh token family and clears the cookie. Answers 204 also without a (known) cookie.',
      security: refreshCookie,
      responses: { 204: { description: 'Signed out.' } },
    },
  },
  '/api/auth/register': {
    post: {
      tags: ['Auth'],
      summary: 'Register a public dispute resolution user',
      description:
        'Creates an unverified account with the DisputeResolutionPublicUser role and emails a verification link (valid 7 days, single use). ' +
        'For an address that already has an account the answer is the same (with an id that leads nowhere), and the address is emailed how to sign in or reset the password instead: the answer never tells whether an account exists.',
      requestBody: jsonBody(registerBody),
      responses: {
        201: jsonResponse('Registered (or, unknown to the caller, the address was told it already has an account).', z.object({ userId: z.string() })),
        400: invalid,
      },
    },
  },
  '/api/auth/verify-email': {
    post: {
      tags: ['Auth'],
      summary: 'Verify an email address',
      description: '`uid` is the token from the verification link. Unknown, used or expired tokens answer success false (still 200).',
      requestBody: jsonBody(verifyEmailRequest),
      responses: { 200: jsonResponse('The outcome, and the first role on success.', verifyEmailResponse), 400: invalid },
    },
  },
  '/api/auth/resend-verification': {
    post: {
      tags: ['Auth'],
      summary: 'Send the verification email again',
      description:
        '`uid` is the user id from registration, or `email` the address (the sign-in page offers this to an unverified user). At most one email per account per 300 seconds. ' +
        'By address the answer is always 200 Sent, whether or not an unverified account has it; by id an unknown id and an already verified account answer 200 too, with nothing sent.',
      requestBody: jsonBody(z.union([z.object({ uid: z.string().describe('The user id.') }), z.object({ email: z.string().describe('The address.') })])),
      responses: {
        200: jsonResponse('Sent (or nothing to send; the answer does not say).', resendVerificationResponse),
        400: error('Invalid input.'),
        429: error('By id, too soon: `retryAfterSeconds` says how long to wait (also in Retry-After).'),
      },
    },
  },

  '/api/account/permissions': {
    get: {
      tags: ['Account'],
      summary: 'The permission catalogue',
      security: bearer,
      responses: { 200: jsonResponse('Every permission.', z.array(permission)), 401: unauthenticated },
    },
  },
  '/api/account/users': {
    get: {
      tags: ['Account'],
      summary: 'Users, a page at a time',
      description: 'Needs App.users.view or App.jurisdiction-users.view; with only the latter, users sharing one of the caller’s LEAs.',
      security: bearer,
      parameters: listParams,
      responses: { 200: jsonResponse('A page of users.', pagedUsers), 400: invalid, 401: unauthenticated, 403: denied },
    },
    post: {
      tags: ['Account'],
      summary: 'Create a user',
      description: 'Needs App.users.manage. Without a password, the user is emailed a link to choose one (valid 7 days).',
      security: bearer,
      requestBody: jsonBody(accountSchemas.createUserBody),
      responses: {
        201: jsonResponse('Created.', user),
        400: invalid,
        401: unauthenticated,
        403: denied,
        409: error('The email address or user name is taken.'),
      },
    },
  },
  '/api/account/users/me': {
    get: {
      tags: ['Account'],
      summary: 'The caller',
      security: bearer,
      responses: { 200: jsonResponse('The caller’s account.', user), 401: unauthenticated },
    },
    put: {
      tags: ['Account'],
      summary: 'Edit the caller’s own profile',
      description: 'Full name, job title, phone number and preferences only; roles, enabled state and email are ignored.',
      security: bearer,
      requestBody: jsonBody(accountSchemas.updateMeBody),
      responses: { 200: jsonResponse('Saved.', user), 400: invalid, 401: unauthenticated },
    },
    patch: {
      tags: ['Account'],
      summary: 'Patch the caller’s own profile (JSON Patch)',
      description: 'Paths: /fullName, /jobTitle, /phoneNumber, /configuration/language, /configuration/homeUrl, /configuration/showSelfAssessmentIntro.',
      security: bearer,
      requestBody: jsonBody(accountSchemas.patchOperations, {
        'application/json-patch+json': { schema: schemaOf(accountSchemas.patchOperations, 'input') },
      }),
      responses: { 200: jsonResponse('Saved.', user), 400: invalid, 401: unauthenticated, 409: error('A test operation failed.') },
    },
  },
  '/api/account/users/me/preferences': {
    get: {
      tags: ['Account'],
      summary: 'The caller’s preferences',
      security: bearer,
      responses: { 200: jsonResponse('Preferences.', userConfiguration), 401: unauthenticated },
    },
    put: {
      tags: ['Account'],
      summary: 'Save the caller’s preferences',
      description: 'Fields left out keep their value. homeUrl must be a path inside the portal.',
      security: bearer,
      requestBody: jsonBody(accountSchemas.configurationSchema.partial()),
      responses: { 200: jsonResponse('Saved preferences.', userConfiguration), 400: invalid, 401: unauthenticated },
    },
  },
  '/api/account/users/username/{name}': {
    get: {
      tags: ['Account'],
      summary: 'A user by user name',
      security: bearer,
      parameters: [pathParam('name', { type: 'string' }, 'The user name.')],
      responses: { 200: jsonResponse('The user.', user), 401: unauthenticated, 403: denied, 404: missing },
    },
  },
  '/api/account/users/{pageNumber}/{pageSize}': {
    get: {
      tags: ['Account'],
      summary: 'Users, a page at a time (paging in the path)',
      security: bearer,
      parameters: [
        pathParam('pageNumber', { type: 'integer', minimum: 1 }, 'Page, from 1.'),
        pathParam('pageSize', { type: 'integer', minimum: 1, maximum: 1000 }, 'Users per page.'),
      ],
      responses: { 200: jsonResponse('A page of users.', pagedUsers), 400: invalid, 401: unauthenticated, 403: denied },
    },
  },
  '/api/account/users/{id}': {
    get: {
      tags: ['Account'],
      summary: 'A user',
      description: 'The caller themself, or with App.users.view (any user) or App.jurisdiction-users.view (users sharing an LEA).',
      security: bearer,
      parameters: [userId],
      responses: { 200: jsonResponse('The user.', user), 400: invalid, 401: unauthenticated, 403: denied, 404: missing },
    },
    put: {
      tags: ['Account'],
      summary: 'Edit a user',
      description: 'Needs App.users.manage. Fields left out keep their value; roles and leaIds, when given, replace the current ones.',
      security: bearer,
      parameters: [userId],
      requestBody: jsonBody(accountSchemas.updateUserBody),
      responses: { 200: jsonResponse('Saved.', user), 400: invalid, 401: unauthenticated, 403: denied, 404: missing, 409: error('Email or user name taken.') },
    },
    patch: {
      tags: ['Account'],
      summary: 'Patch a user (JSON Patch)',
      description:
        'Needs App.users.manage. Paths: /fullName, /jobTitle, /phoneNumber, /email, /isEnabled, /roles, /leaIds, /leaId, /configuration/language, /configuration/homeUrl, /configuration/showSelfAssessmentIntro. Operations add, replace, remove, test, copy, move.',
      security: bearer,
      parameters: [userId],
      requestBody: jsonBody(accountSchemas.patchOperations, {
        'application/json-patch+json': { schema: schemaOf(accountSchemas.patchOperations, 'input') },
      }),
      responses: { 200: jsonResponse('Saved.', user), 400: invalid, 401: unauthenticated, 403: denied, 404: missing, 409: error('A test operation failed, or email taken.') },
    },
    delete: {
      tags: ['Account'],
      summary: 'Delete a user (soft)',
      description: 'Needs App.users.manage. Marks the user deleted and disabled and ends their sessions. Not yourself.',
      security: bearer,
      parameters: [userId],
      responses: { 204: { description: 'Deleted.' }, 400: error('Deleting yourself.'), 401: unauthenticated, 403: denied, 404: missing },
    },
  },
  '/api/account/users/unblock/{id}': {
    put: {
      tags: ['Account'],
      summary: 'Clear a sign-in lockout',
      security: bearer,
      parameters: [userId],
      responses: { 200: jsonResponse('The unlocked user.', user), 401: unauthenticated, 403: denied, 404: missing },
    },
  },
  '/api/account/lea/users/{leaId}': {
    get: {
      tags: ['Account'],
      summary: 'Users of an LEA',
      security: bearer,
      parameters: [pathParam('leaId', { type: 'integer' }, 'The LEA id.')],
      responses: { 200: jsonResponse('The users.', z.array(user)), 400: invalid, 401: unauthenticated, 403: denied },
    },
  },
  '/api/account/jurisdiction/users': {
    get: {
      tags: ['Account'],
      summary: 'Users sharing one of the caller’s LEAs',
      security: bearer,
      parameters: [
        queryParam('pageNumber', { type: 'integer', minimum: 1 }, 'Page, from 1 (default 1).'),
        queryParam('pageSize', { type: 'integer', minimum: 1, maximum: 1000 }, 'Users per page (default 1000).'),
      ],
      responses: { 200: jsonResponse('A page of users.', pagedUsers), 400: invalid, 401: unauthenticated, 403: denied },
    },
  },

  '/api/account/recover/password': {
    post: {
      tags: ['Passwords'],
      summary: 'Ask for a password reset link',
      description: 'Always the same answer, whether or not the account exists. The link is valid for 1 hour and works once.',
      requestBody: jsonBody(accountSchemas.recoverBody),
      responses: { 200: jsonResponse('Accepted.', z.object({ message: z.string() })), 400: invalid },
    },
  },
  '/api/account/email/confirm': {
    post: {
      tags: ['Passwords'],
      summary: 'Confirm a new email address from the link sent to it',
      description:
        'An email change (by a manager or the user) takes effect only here: the link goes to the new address and the current one is told. `invalid` for an unknown, used or expired token; `taken` when another account has the address by now.',
      requestBody: jsonBody(accountSchemas.confirmEmailBody),
      responses: { 200: jsonResponse('What became of the change.', confirmEmailResponse), 400: invalid },
    },
  },
  '/api/account/reset/check': {
    post: {
      tags: ['Passwords'],
      summary: 'Whether an emailed reset link can still be used',
      description: 'Spends nothing. `usable` is false for an unknown, used or expired token, or one of another address.',
      requestBody: jsonBody(accountSchemas.resetCheckBody),
      responses: { 200: jsonResponse('The answer.', z.object({ usable: z.boolean() })), 400: invalid },
    },
  },
  '/api/account/reset/password': {
    post: {
      tags: ['Passwords'],
      summary: 'Reset a password with an emailed token',
      description: 'On success the lockout is cleared and every session of the user ends.',
      requestBody: jsonBody(accountSchemas.resetBody),
      responses: { 200: success, 400: passwordRefused },
    },
  },
  '/api/account/users/{id}/password': {
    put: {
      tags: ['Passwords'],
      summary: 'Change your own password',
      security: bearer,
      parameters: [userId],
      requestBody: jsonBody(accountSchemas.changePasswordBody),
      responses: { 200: success, 400: error('`Invalid Information.` with `reasons` (`Incorrect password.` or the rules not met).'), 401: unauthenticated, 403: denied },
    },
  },
  '/api/account/reset/user-password/{id}': {
    post: {
      tags: ['Passwords'],
      summary: 'Email a user a password reset link',
      security: bearer,
      parameters: [userId],
      responses: { 200: jsonResponse('Sent.', z.object({ sent: z.literal(true) })), 401: unauthenticated, 403: denied, 404: missing },
    },
  },
  '/api/account/admin/changeuser-password': {
    put: {
      tags: ['Passwords'],
      summary: 'Set a user’s password',
      description: 'Needs App.users.manage. Clears the lockout and ends the user’s sessions.',
      security: bearer,
      requestBody: jsonBody(accountSchemas.adminChangePasswordBody),
      responses: { 200: success, 400: passwordRefused, 401: unauthenticated, 403: denied, 404: missing },
    },
  },
};

/** Security schemes the paths above refer to. */
export const authSecuritySchemes = {
  bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
  refreshCookie: { type: 'apiKey', in: 'cookie', name: 'refreshToken' },
  /** The portal's token for /api/disputeresolution/public (DR_PUBLIC_BASIC). */
  drPublicBasic: { type: 'http', scheme: 'basic' },
};
