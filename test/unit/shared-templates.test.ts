// lib/templates.ts: mustache merge fields limited per template (DR spec §7 "Templates" and §11),
// HTML-escaped rendering, and the plain-text part of an email.
import { describe, expect, it } from 'vitest';
import { htmlToText, renderTemplate, templateFieldErrors, templateFields } from '../../lib/templates.js';
import { templateText } from '../../lib/shared/messages.js';

const any = ['caseNumber', 'leaName', 'caseLink'];
const deadline = [...any, 'deadlineName', 'dueDate', 'daysLeft'];
const known = [...deadline, 'surveyLink', 'signLink'];

describe('templateFieldErrors', () => {
  it('accepts the fields the template may use', () => {
    expect(templateFieldErrors('Case {{caseNumber}} is due {{ dueDate }}', deadline, known)).toEqual([]);
    expect(templateFieldErrors('No fields at all {{! a comment }}', any, known)).toEqual([]);
  });

  it("uses the spec's messages: unknown field, and a known field this template cannot use", () => {
    expect(templateText.unknownField('caseNumbr')).toBe('Unknown merge field: {{caseNumbr}}.');
    expect(templateText.fieldNotAllowed('surveyLink')).toBe('The merge field {{surveyLink}} cannot be used in this template.');
    expect(templateFieldErrors('{{caseNumbr}} {{surveyLink}} {{caseNumbr}}', any, known)).toEqual([
      { field: 'caseNumbr', message: templateText.unknownField('caseNumbr') },
      { field: 'surveyLink', message: templateText.fieldNotAllowed('surveyLink') },
    ]);
    // Without the module's list, anything not allowed is unknown.
    expect(templateFieldErrors('{{surveyLink}}', any)).toEqual([{ field: 'surveyLink', message: templateText.unknownField('surveyLink') }]);
  });

  it('refuses sections, partials, unescaped output and delimiter changes', () => {
    expect(templateFieldErrors('{{{caseNumber}}} {{&leaName}} {{#caseLink}}x{{/caseLink}} {{>p}} {{=<% %>=}}', any, known).map((e) => e.message)).toEqual([
      templateText.onlySimpleFields('{{{caseNumber}}}'),
      templateText.onlySimpleFields('{{&leaName}}'),
      templateText.onlySimpleFields('{{#caseLink}}'),
      templateText.onlySimpleFields('{{>p}}'),
      templateText.onlySimpleFields('{{=<% %>=}}'),
    ]);
  });

  it('refuses a template it cannot read', () => {
    expect(templateFieldErrors('Hello {{caseNumber', any, known)).toEqual([{ field: '', message: templateText.malformed }]);
  });

  it('lists the fields a template uses', () => {
    expect(templateFields('{{a}} {{b}} {{a}} {{#c}}{{d}}{{/c}}')).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('renderTemplate', () => {
  it('escapes values for HTML, and writes nothing for a missing one', () => {
    expect(renderTemplate('<p>{{leaName}} {{missing}}</p>', { leaName: 'Smith & <b>Sons</b>' })).toBe('<p>Smith &amp; &lt;b&gt;Sons&lt;&#x2F;b&gt; </p>');
    expect(renderTemplate('Due in {{daysLeft}} days', { daysLeft: 7 })).toBe('Due in 7 days');
  });

  it('writes values as they are in text mode (subjects)', () => {
    expect(renderTemplate('{{caseNumber}}: Smith & Sons', { caseNumber: 'SC-2526-007 <x>' }, 'text')).toBe('SC-2526-007 <x>: Smith & Sons');
  });

  it('finds nothing on the prototype chain', () => {
    expect(renderTemplate('[{{constructor}}][{{toString}}][{{__proto__}}]', {})).toBe('[][][]');
  });
});

describe('htmlToText', () => {
  it('keeps paragraphs, list items and line breaks, writes links out and decodes entities', () => {
    const html = '<p>Case <strong>SC-2526-007</strong> &amp; more.</p><ul><li>One</li><li>Two</li></ul><p>Open <a href="https://portal.example/c/1">the case</a><br>Thanks</p>';
    expect(htmlToText(html)).toBe('Case SC-2526-007 & more.\n- One\n- Two\n\nOpen the case (https://portal.example/c/1)\nThanks');
  });
});
