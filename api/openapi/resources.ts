// OpenAPI 3.1 path items of the resource endpoints: roles, applications, LEAs, school years,
// schools, text blocks, messages, subscriptions and the email log. Bodies come from the zod
// schemas the routes validate with, responses from lib/contract.ts, so the document follows the code.
import { z } from 'zod';
import {
  anonymous,
  bearer,
  currentLeaHeader,
  denied,
  error,
  intId,
  invalid,
  jsonBody,
  jsonResponse,
  noContent,
  pageParams,
  param,
  unauthenticated,
  type OpenApiPaths,
} from './helpers.js';
import {
  apiErrorBody,
  application,
  emailLogEntry,
  lea,
  notificationMessage,
  pagedSchools,
  role,
  school,
  schoolYear,
  subscription,
  textBlock,
  user,
} from '../../lib/contract.js';
import { rolesSchemas } from '../routes/roles.js';
import { leasSchemas } from '../routes/leas.js';
import { schoolsSchemas } from '../routes/schools.js';
import { textBlocksSchemas } from '../routes/text-blocks.js';
import { notificationSchemas } from '../routes/event-notification.js';


const roleChange = z.object({
  id: z.number().int(),
  op: z.enum(['add', 'delete', 'modify']),
  roleId: z.number().int(),
  roleName: z.string(),
  changedBy: z.string().describe('User id, or `system` for the seed.'),
  changedAt: z.string(),
});
const fullRole = role.required();
const leaWithType = lea.extend({ leaType: z.enum(['District', 'Charter']) });
const adminMessage = notificationMessage.extend({
  userId: z.string(),
  userFullName: z.string(),
  userEmail: z.string(),
  dismissedOn: z.string().nullable(),
});
const emailEntry = emailLogEntry.extend({ error: z.string().nullable() });

const roleReaders = 'Needs App.roles.view, App.roles.manage, App.roles.assign or App.users.manage.';
const leaScope =
  'Callers with App.data.allleas see every LEA, state-level districts included; others see only their own LEAs (user_leas and their primary LEA), never a state-level district. An LEA outside that answers 404.';

export const resourcesPaths: OpenApiPaths = {
  // ---- roles --------------------------------------------------------------------------------
  '/api/roles': {
    get: {
      tags: ['Roles'],
      summary: 'Every role with its permissions and number of users',
      description: roleReaders,
      security: bearer,
      responses: { 200: jsonResponse('Roles by name.', z.array(fullRole)), 401: unauthenticated, 403: denied },
    },
    post: {
      tags: ['Roles'],
      summary: 'Create a role',
      description: 'Needs App.roles.manage. Permissions must be catalogue values; duplicates are dropped. Recorded as an `add` role change.',
      security: bearer,
      requestBody: jsonBody(rolesSchemas.createBody),
      responses: {
        201: jsonResponse('Created.', fullRole),
        400: invalid,
        401: unauthenticated,
        403: denied,
        409: error('A role with this name (ignoring case) already exists.'),
      },
    },
    put: {
      tags: ['Roles'],
      summary: 'Rename a role, change its description or replace its permissions',
      description:
        'Needs App.roles.manage. `permissions`, when given, replaces the whole set; `description`, when left out, is kept. Built-in roles keep their names. Recorded as a `modify` role change.',
      security: bearer,
      requestBody: jsonBody(rolesSchemas.updateBody),
      responses: {
        200: jsonResponse('Updated.', fullRole),
        400: invalid,
        401: unauthenticated,
        403: denied,
        404: error('No such role.'),
        409: error('The name is taken, or a built-in role would be renamed.'),
      },
    },
  },
  '/api/roles/changes': {
    get: {
      tags: ['Roles'],
      summary: 'Role changes since a time',
      description: 'Needs App.roles.view or App.roles.manage. Oldest first, at most 1000.',
      security: bearer,
      parameters: [param('since', 'query', { type: 'string', format: 'date-time' }, 'Only changes after this ISO date-time.')],
      responses: { 200: jsonResponse('Changes.', z.array(roleChange)), 400: invalid, 401: unauthenticated, 403: denied },
    },
  },
  '/api/roles/{id}': {
    get: {
      tags: ['Roles'],
      summary: 'One role',
      description: roleReaders,
      security: bearer,
      parameters: [intId('The role id.')],
      responses: { 200: jsonResponse('The role.', fullRole), 400: invalid, 401: unauthenticated, 403: denied, 404: error('No such role.') },
    },
    delete: {
      tags: ['Roles'],
      summary: 'Delete a role',
      description: 'Needs App.roles.manage. Recorded as a `delete` role change.',
      security: bearer,
      parameters: [intId('The role id.')],
      responses: {
        204: noContent('Deleted.'),
        400: invalid,
        401: unauthenticated,
        403: denied,
        404: error('No such role.'),
        409: error('`This role cannot be deleted while users are assigned to it.`, or the role is built in.'),
      },
    },
  },
  '/api/account/roles/name/{name}': {
    get: {
      tags: ['Roles'],
      summary: 'One role by name (ignoring case)',
      description: roleReaders,
      security: bearer,
      parameters: [param('name', 'path', { type: 'string', maxLength: 100 }, 'The role name.')],
      responses: { 200: jsonResponse('The role.', fullRole), 400: invalid, 401: unauthenticated, 403: denied, 404: error('No such role.') },
    },
  },

  // ---- applications -------------------------------------------------------------------------
  '/api/applications': {
    get: {
      tags: ['Applications'],
      summary: 'Every application of the portal',
      security: bearer,
      responses: { 200: jsonResponse('Applications.', z.array(application.extend({ permission: z.string().nullable() }))), 401: unauthenticated },
    },
  },
  '/api/applications/allowed': {
    get: {
      tags: ['Applications'],
      summary: 'The applications the caller may open',
      description: 'Those whose permission the caller holds; App.siteadmin sees every application.',
      security: bearer,
      responses: { 200: jsonResponse('Applications.', z.array(application.extend({ permission: z.string().nullable() }))), 401: unauthenticated },
    },
  },

  // ---- LEAs ---------------------------------------------------------------------------------
  '/api/leas': {
    post: {
      tags: ['LEAs'],
      summary: 'Create an LEA',
      description: 'Needs App.leas.manage. `leaYears` names must be existing school years; `userLeas` must be existing users.',
      security: bearer,
      requestBody: jsonBody(leasSchemas.createBody),
      responses: {
        201: jsonResponse('Created.', leaWithType),
        400: invalid,
        401: unauthenticated,
        403: denied,
        409: error('An LEA with this LEA code already exists.'),
      },
    },
    put: {
      tags: ['LEAs'],
      summary: 'Update an LEA',
      description:
        'Needs App.leas.manage and a visible LEA. Fields left out keep their stored values; `leaYears`, `leaContacts` (match by `id`; new ones without) and `userLeas`, when given, replace the whole list.',
      security: bearer,
      requestBody: jsonBody(leasSchemas.updateBody),
      responses: {
        200: jsonResponse('Updated.', leaWithType),
        400: invalid,
        401: unauthenticated,
        403: denied,
        404: error('No such LEA.'),
        409: error('An LEA with this LEA code already exists.'),
      },
    },
  },
  '/api/leas/users': {
    get: {
      tags: ['LEAs'],
      summary: 'The caller’s LEAs, with contacts and members',
      description: `The portal’s LEA selector list. ${leaScope}`,
      security: bearer,
      responses: { 200: jsonResponse('LEAs by name.', z.array(leaWithType)), 401: unauthenticated },
    },
  },
  '/api/leas/nousers': {
    get: {
      tags: ['LEAs'],
      summary: 'The caller’s LEAs without members and contacts',
      description: leaScope,
      security: bearer,
      responses: { 200: jsonResponse('LEAs by name.', z.array(leaWithType.omit({ userLeas: true, leaContacts: true }))), 401: unauthenticated },
    },
  },
  '/api/leas/{id}': {
    get: {
      tags: ['LEAs'],
      summary: 'One LEA with its years, contacts and members',
      description: leaScope,
      security: bearer,
      parameters: [intId('The LEA id.')],
      responses: { 200: jsonResponse('The LEA.', leaWithType), 400: invalid, 401: unauthenticated, 404: error('No such LEA.') },
    },
    delete: {
      tags: ['LEAs'],
      summary: 'Delete an LEA and its schools',
      description: 'Needs App.leas.manage and a visible LEA.',
      security: bearer,
      parameters: [intId('The LEA id.')],
      responses: {
        204: noContent('Deleted.'),
        400: invalid,
        401: unauthenticated,
        403: denied,
        404: error('No such LEA.'),
        409: error('This LEA cannot be deleted while users belong to it.'),
      },
    },
  },
  '/api/leas/{id}/users': {
    get: {
      tags: ['LEAs'],
      summary: 'The users of an LEA',
      description: 'Needs App.users.view, or App.jurisdiction-users.view for one of the caller’s own LEAs.',
      security: bearer,
      parameters: [intId('The LEA id.')],
      responses: { 200: jsonResponse('Users by full name.', z.array(user)), 400: invalid, 401: unauthenticated, 403: denied, 404: error('No such LEA.') },
    },
  },
  '/api/leas/schools': {
    get: {
      tags: ['LEAs'],
      summary: 'The schools of the current LEA, or of every visible LEA',
      security: bearer,
      parameters: [currentLeaHeader],
      responses: {
        200: jsonResponse('Schools by LEA and name.', z.array(school)),
        400: invalid,
        401: unauthenticated,
        404: error('The CurrentLeaId LEA is not visible.'),
      },
    },
  },
  '/api/leas/schools/{id}': {
    get: {
      tags: ['LEAs'],
      summary: 'The schools of an LEA',
      security: bearer,
      parameters: [intId('The LEA id.')],
      responses: { 200: jsonResponse('Schools by name.', z.array(school)), 400: invalid, 401: unauthenticated, 404: error('No such LEA.') },
    },
  },
  '/api/leas/school-lookups/{id}': {
    get: {
      tags: ['LEAs'],
      summary: 'Id and name of each school of an LEA',
      security: bearer,
      parameters: [intId('The LEA id.')],
      responses: {
        200: jsonResponse('Schools by name.', z.array(z.object({ id: z.number().int(), name: z.string() }))),
        400: invalid,
        401: unauthenticated,
        404: error('No such LEA.'),
      },
    },
  },
  '/api/leas/school-years': {
    get: {
      tags: ['School years'],
      summary: 'Every school year, the current one first',
      description: 'Anonymous: the portal needs the current year before its first call. Then newest first.',
      security: anonymous,
      responses: { 200: jsonResponse('School years.', z.array(schoolYear)) },
    },
  },
  '/api/leas/current-year': {
    get: {
      tags: ['School years'],
      summary: 'The current school year',
      security: anonymous,
      responses: { 200: jsonResponse('The current year.', schoolYear), 404: error('No school year is set up.') },
    },
  },
  '/api/leas/schoolyear': {
    get: {
      tags: ['School years'],
      summary: 'The school years of the current LEA',
      description: 'Without a CurrentLeaId header, every school year. Current first, then newest first.',
      security: bearer,
      parameters: [currentLeaHeader],
      responses: { 200: jsonResponse('School years.', z.array(schoolYear)), 400: invalid, 401: unauthenticated, 404: error('No such LEA.') },
    },
  },
  '/api/users/{id}/leas': {
    get: {
      tags: ['LEAs'],
      summary: 'The LEAs of a user',
      description: `The caller’s own, or any user’s with App.users.view, App.users.manage or App.jurisdiction-users.view. Only LEAs the caller may see are listed. ${leaScope}`,
      security: bearer,
      parameters: [param('id', 'path', { type: 'string', format: 'uuid' }, 'The user id.')],
      responses: {
        200: jsonResponse('LEAs by name.', z.array(leaWithType.omit({ userLeas: true, leaContacts: true }))),
        400: invalid,
        401: unauthenticated,
        403: denied,
        404: error('No such user.'),
      },
    },
  },

  // ---- schools ------------------------------------------------------------------------------
  '/api/schools': {
    get: {
      tags: ['Schools'],
      summary: 'A page of schools in the visible LEAs',
      security: bearer,
      parameters: [
        ...pageParams(1000),
        param('sortField', 'query', { type: 'string', enum: ['name', 'ziplineAPISchoolId', 'leaName', 'id'], default: 'name' }, 'Sort key.'),
        param('sortDirection', 'query', { type: 'string', enum: ['asc', 'desc'], default: 'asc' }, 'Sort direction.'),
        param('isOrderByParentField', 'query', { type: 'boolean', default: false }, 'Sort by LEA name first.'),
        param('leaId', 'query', { type: 'integer', minimum: 1 }, 'Only the schools of this LEA.'),
      ],
      responses: { 200: jsonResponse('One page and the total count.', pagedSchools), 400: invalid, 401: unauthenticated },
    },
    post: {
      tags: ['Schools'],
      summary: 'Create a school',
      description: 'Needs App.schools.manage; the LEA must be visible.',
      security: bearer,
      requestBody: jsonBody(schoolsSchemas.createBody),
      responses: { 201: jsonResponse('Created.', school), 400: invalid, 401: unauthenticated, 403: denied },
    },
    put: {
      tags: ['Schools'],
      summary: 'Update a school',
      description: 'Needs App.schools.manage. Without `ziplineAPISchoolId` the stored one is kept.',
      security: bearer,
      requestBody: jsonBody(schoolsSchemas.updateBody),
      responses: { 200: jsonResponse('Updated.', school), 400: invalid, 401: unauthenticated, 403: denied, 404: error('No such school.') },
    },
  },
  '/api/schools/{id}': {
    get: {
      tags: ['Schools'],
      summary: 'One school',
      security: bearer,
      parameters: [intId('The school id.')],
      responses: { 200: jsonResponse('The school.', school), 400: invalid, 401: unauthenticated, 404: error('No such school.') },
    },
    delete: {
      tags: ['Schools'],
      summary: 'Delete a school',
      description: 'Needs App.schools.manage.',
      security: bearer,
      parameters: [intId('The school id.')],
      responses: { 204: noContent('Deleted.'), 400: invalid, 401: unauthenticated, 403: denied, 404: error('No such school.') },
    },
  },

  // ---- text blocks --------------------------------------------------------------------------
  '/api/text-blocks': {
    get: {
      tags: ['Text blocks'],
      summary: 'Every text block',
      description: 'Needs App.textblocks.manage.',
      security: bearer,
      responses: { 200: jsonResponse('Blocks by group and code.', z.array(textBlock)), 401: unauthenticated, 403: denied },
    },
  },
  '/api/text-blocks/{id}': {
    put: {
      tags: ['Text blocks'],
      summary: 'Edit a text block',
      description:
        'Needs App.textblocks.manage. Non-breaking spaces become spaces; the HTML is then sanitised: formatting, headings, lists, tables and http(s)/mailto/relative links stay; scripts, styles, frames, event handlers, inline styles and script URLs are removed.',
      security: bearer,
      parameters: [intId('The text block id.')],
      requestBody: jsonBody(textBlocksSchemas.updateBody),
      responses: { 200: jsonResponse('The stored block.', textBlock), 400: invalid, 401: unauthenticated, 403: denied, 404: error('No such text block.') },
    },
  },
  '/api/text-blocks/by-block-code/{code}': {
    get: {
      tags: ['Text blocks'],
      summary: 'One text block by its code',
      description: 'Anonymous (sign-in and registration pages need it). Hidden blocks are returned too, with `isVisible: false`.',
      security: anonymous,
      parameters: [param('code', 'path', { type: 'string', maxLength: 100 }, 'The block code, e.g. login-screen-text.')],
      responses: { 200: jsonResponse('The block.', textBlock), 400: invalid, 404: error('No such text block.') },
    },
  },
  '/api/text-blocks/by-group-code/{code}': {
    get: {
      tags: ['Text blocks'],
      summary: 'The text blocks of a group',
      description: 'Anonymous. Hidden blocks are returned too, with `isVisible: false`.',
      security: anonymous,
      parameters: [param('code', 'path', { type: 'string', maxLength: 100 }, 'The group code, e.g. help.')],
      responses: { 200: jsonResponse('Blocks in id order.', z.array(textBlock)), 400: invalid, 404: error('No text blocks have this group code.') },
    },
  },

  // ---- messages -----------------------------------------------------------------------------
  '/api/event-notification/message/user-messages': {
    get: {
      tags: ['Messages'],
      summary: 'The caller’s system messages',
      description: 'Not dismissed, newest first (at most 500).',
      security: bearer,
      responses: { 200: jsonResponse('Messages.', z.array(notificationMessage)), 401: unauthenticated },
    },
  },
  '/api/event-notification/message/queue': {
    post: {
      tags: ['Messages'],
      summary: 'Send a system message to several users',
      description:
        'Needs App.notification.manage. Recipients: every user in `userIds`, plus the users matching `roleName` and `leaId` together (both conditions when both are given). `openUrl` is a portal path or an http(s) address. With `dryRun: true` it only counts the recipients (`queued`) and sends nothing.',
      security: bearer,
      requestBody: jsonBody(notificationSchemas.queueBody),
      responses: { 200: jsonResponse('How many messages were created.', z.object({ queued: z.number().int() })), 400: invalid, 401: unauthenticated, 403: denied },
    },
  },
  '/api/event-notification/message/dismiss/{id}': {
    put: {
      tags: ['Messages'],
      summary: 'Dismiss one of the caller’s messages',
      security: bearer,
      parameters: [intId('The message id.')],
      responses: { 204: noContent('Dismissed.'), 400: invalid, 401: unauthenticated, 404: error('Not one of the caller’s shown messages.') },
    },
  },
  '/api/event-notification/message/view/{id}': {
    put: {
      tags: ['Messages'],
      summary: 'Mark one of the caller’s messages viewed',
      security: bearer,
      parameters: [intId('The message id.')],
      responses: { 200: jsonResponse('The message, status 2.', notificationMessage), 400: invalid, 401: unauthenticated, 404: error('Not one of the caller’s shown messages.') },
    },
  },
  '/api/notificationmesages': {
    get: {
      tags: ['Messages'],
      summary: 'Every user’s messages (admin)',
      description: 'Needs App.notification.manage. Newest first.',
      security: bearer,
      parameters: [...pageParams(500), param('userId', 'query', { type: 'string', format: 'uuid' }, 'Only this user’s messages.')],
      responses: {
        200: jsonResponse('One page and the total count.', z.object({ items: z.array(adminMessage), totalCount: z.number().int() })),
        400: invalid,
        401: unauthenticated,
        403: denied,
      },
    },
    post: {
      tags: ['Messages'],
      summary: 'Send a system message to one user (admin)',
      description: 'Needs App.notification.manage.',
      security: bearer,
      requestBody: jsonBody(notificationSchemas.createMessageBody),
      responses: { 201: jsonResponse('Created.', notificationMessage.extend({ userId: z.string() })), 400: invalid, 401: unauthenticated, 403: denied },
    },
  },

  // ---- subscriptions ------------------------------------------------------------------------
  '/api/event-notification/subscriptions/user': {
    get: {
      tags: ['Subscriptions'],
      summary: 'Every notification event the caller can receive, with their subscription',
      description:
        'Events of the modules the caller can open (App-wide events for everyone). Unsubscribed events show `isSubscribed: false`, `frequency: 0` and a null subscription id; required events the caller never saved show as subscribed with the event’s defaults.',
      security: bearer,
      responses: { 200: jsonResponse('Subscriptions.', z.array(subscription)), 401: unauthenticated },
    },
  },
  '/api/event-notification/subscriptions': {
    post: {
      tags: ['Subscriptions'],
      summary: 'Subscribe, or change a subscription',
      description:
        'Sets isSubscribed. `frequency` must be one the event supports; `isEmail`/`isInApp` only where supported, at least one of them. Required events keep their email default and ignore `subscribedLeaIds`; otherwise `subscribedLeaIds` are allowed only for per-LEA events and must be LEAs the caller can see.',
      security: bearer,
      requestBody: jsonBody(notificationSchemas.saveBody),
      responses: {
        200: jsonResponse('The saved subscription.', subscription),
        400: invalid,
        401: unauthenticated,
        404: error('No such event (for this caller), or the subscription id is not the caller’s.'),
      },
    },
  },
  '/api/event-notification/subscriptions/unsubscribe/{eventNotificationSubscriptionId}': {
    delete: {
      tags: ['Subscriptions'],
      summary: 'Unsubscribe',
      security: bearer,
      parameters: [
        param('eventNotificationSubscriptionId', 'path', { type: 'integer', minimum: 1, maximum: 2_147_483_647 }, 'The caller’s subscription id.'),
      ],
      responses: {
        204: noContent('Unsubscribed.'),
        400: invalid,
        401: unauthenticated,
        404: error('Not one of the caller’s subscriptions.'),
        409: error('The event is required and cannot be turned off.'),
      },
    },
  },

  // ---- email log ----------------------------------------------------------------------------
  '/api/emails': {
    get: {
      tags: ['Email log'],
      summary: 'A page of the email log, newest first',
      description: 'Needs App.emaillogs.view.',
      security: bearer,
      parameters: [
        param('to', 'query', { type: 'string' }, 'Part of the recipient address (ignoring case).'),
        param('subject', 'query', { type: 'string' }, 'Part of the subject (ignoring case).'),
        param('status', 'query', { type: 'string', enum: ['Logged', 'Sent', 'Failed'] }, 'Delivery status.'),
        param('from', 'query', { type: 'string', format: 'date-time' }, 'Sent at or after (ISO date or date-time).'),
        param('until', 'query', { type: 'string', format: 'date-time' }, 'Sent at or before (ISO date or date-time).'),
        ...pageParams(500),
      ],
      responses: {
        200: jsonResponse('One page and the total count.', z.object({ items: z.array(emailEntry), totalCount: z.number().int() })),
        400: invalid,
        401: unauthenticated,
        403: denied,
      },
    },
  },
  '/api/emails/{id}': {
    get: {
      tags: ['Email log'],
      summary: 'One logged email',
      description: 'Needs App.emaillogs.view.',
      security: bearer,
      parameters: [intId('The email log id.')],
      responses: { 200: jsonResponse('The email.', emailEntry), 400: invalid, 401: unauthenticated, 403: denied, 404: error('No such email.') },
    },
  },
};
