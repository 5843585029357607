// Entry and exit ratings (ECO spec §3.4, §3.5): one page for both. The banner, the text blocks,
// the COS form (rating date, team members, family input, sources, three outcomes), and §3.4's
// buttons by permission and status. Everything is a plain form: 'Add person' and 'Remove' post
// an action and come back with one row more or less, 'Submit' goes through a confirmation step,
// 'Unlock' and 'Request unlock' carry their reason in their own small form. The exit page adds
// the exit fields with 'Save exit', the entry ratings beside each outcome, the new-skills
// question and the live category line (islands/EcoCategoryLine.island.tsx).
import type { ReactElement, ReactNode } from 'react';
import type { TextBlock as TextBlockData } from '../../../lib/contract.js';
import { ASSESSMENT_SOURCES, FAMILY_INPUT, familyInputLabels, OUTCOMES, outcomeTitles, ratingLabels, ratingOption, recordStatuses, type AssessmentType, type Outcome } from '../../../lib/eco/codes.js';
import type { EcoScorePage as ScoreData } from '../../../lib/eco/contract.js';
import { ecoScoreText } from '../../../lib/eco/messages.js';
import type { ScaleSettings } from '../../../lib/eco/score-line.js';
import { ecoScorePageText as t } from '../../../lib/eco/score-text.js';
import { messageDate } from '../../../lib/shared/messages.js';
import EcoCategoryLine from '../../../islands/EcoCategoryLine.island.js';
import { CsrfField } from '../../components/CsrfField.js';
import { ErrorSummary } from '../../components/form/ErrorSummary.js';
import { FieldErrorText, SelectField } from '../../components/form/SelectField.js';
import { TextField } from '../../components/form/TextField.js';
import { TextBlock } from '../../components/TextBlock.js';
import { Island } from '../../Island.js';
import { PageHeader } from '../../shell/PageHeader.js';

export interface ScoreForm {
  version: string;
  ratingDate: string;
  ratings: Record<Outcome, string>;
  newSkills: Record<Outcome, string>;
  evidence: Record<Outcome, string>;
  team: { name: string; role: string }[];
  familyInput: string;
  sources: string[];
  sourcesOther: string;
  exitDate: string;
  exitReason: string;
  exitNote: string;
}

export interface ScoreFieldError {
  field: string;
  message: string;
}

export interface Option {
  code: string;
  label: string;
}

export interface EcoScorePageProps {
  kind: AssessmentType;
  recordId: number;
  data: ScoreData;
  form: ScoreForm;
  errors: readonly ScoreFieldError[];
  /** The submit confirmation step (no-JS friendly). */
  confirm: boolean;
  blocks: { instructions: TextBlockData | null; ratingScale: TextBlockData | null };
  lists: { roles: readonly Option[]; sources: readonly Option[]; exitReasons: readonly Option[] };
  scale: ScaleSettings;
  action: string;
}

/** A field name of the API (teamMembers[0].name) to the element id on this page. */
export function fieldId(field: string): string {
  const m = /^teamMembers\[(\d+)\]\.(name|role)$/.exec(field);
  if (m) return `team${m[2] === 'name' ? 'Name' : 'Role'}${m[1]}`;
  if (/^(rating|newSkills)[ABC]$/.test(field)) return `${field}-1`;
  if (field === 'sources') return `sources-${ASSESSMENT_SOURCES[0]}`;
  if (field === 'familyInput') return `familyInput-${FAMILY_INPUT[0]}`;
  if (field === 'teamMembers') return 'teamName0';
  return field;
}

const errorOf = (errors: readonly ScoreFieldError[], field: string): string | undefined => errors.find((e) => e.field === field)?.message;

function FieldError({ id, message }: { id: string; message: string | undefined }): ReactElement | null {
  return message ? <FieldErrorText id={id} message={message} /> : null;
}

function Radios(props: { name: string; legend: ReactNode; options: readonly Option[]; value: string; error?: string | undefined; disabled?: boolean; tile?: boolean }): ReactElement {
  const { name, legend, options, value, error, disabled } = props;
  const errId = `${name}-error`;
  return (
    <fieldset className={`usa-fieldset usa-form-group${error ? ' usa-form-group--error' : ''}`} id={name} aria-describedby={error ? errId : undefined}>
      <legend className="usa-legend">{legend}</legend>
      <FieldError id={errId} message={error} />
      {options.map((o, i) => (
        <div className="usa-radio" key={o.code}>
          <input
            className="usa-radio__input"
            id={name.startsWith('rating') || name.startsWith('newSkills') ? `${name}-${i + 1}` : `${name}-${o.code}`}
            type="radio"
            name={name}
            value={o.code}
            defaultChecked={value === o.code}
            disabled={disabled}
          />
          <label className="usa-radio__label" htmlFor={name.startsWith('rating') || name.startsWith('newSkills') ? `${name}-${i + 1}` : `${name}-${o.code}`}>
            {o.label}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

function Select(props: { id: string; label: string; value: string; options: readonly Option[]; placeholder: string; error?: string | undefined; disabled?: boolean }): ReactElement {
  const { options, placeholder, ...field } = props;
  return <SelectField {...field} options={[{ value: '', label: placeholder }, ...options.map((o) => ({ value: o.code, label: o.label }))]} />;
}

function Banner({ data, kind }: { data: ScoreData; kind: AssessmentType }): ReactElement {
  const b = data.banner;
  const status = recordStatuses[data.status.status];
  const rows: [string, string][] = [
    [t.name, b.name],
    [t.stateStudentId, b.stateStudentId],
    [t.birthDate, messageDate(b.birthDate)],
    [t.ageAtEntry, b.ageAtEntry],
    [t.lea, b.leaName],
    [t.school, b.schoolName ?? t.none],
    [t.disability, b.disabilityCategory],
    [t.entryDate, messageDate(b.entryDate)],
    [t.entryDue, messageDate(b.entryDue)],
  ];
  return (
    <section className="eco-banner" aria-label={t.bannerLabel}>
      <dl className="eco-banner__list">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
        <div>
          <dt>{t.status}</dt>
          <dd>
            <span className={`usa-tag eco-status eco-status--${status.color}`}>{data.status.statusLabel}</span>
          </dd>
        </div>
      </dl>
      {kind === 'exit' && data.daysOfService !== null ? <p data-testid="days-of-service">{ecoScoreText.daysOfService(data.daysOfService)}</p> : null}
    </section>
  );
}

const ratingOptions = (scale: ScaleSettings): Option[] => {
  const out: Option[] = [];
  for (let n = scale.scaleMin; n <= scale.scaleMax; n++) out.push({ code: String(n), label: ratingOption(n) });
  return out;
};

function ReadOnly({ props }: { props: EcoScorePageProps }): ReactElement {
  const { data, kind, lists } = props;
  const a = data.assessment!;
  const label = (list: readonly Option[], code: string) => list.find((o) => o.code === code)?.label ?? code;
  return (
    <section className="eco-readonly">
      {a.submittedByName && a.submittedAt ? <p data-testid="submitted-by">{ecoScoreText.submittedBy(a.submittedByName, a.submittedAt.slice(0, 10))}</p> : null}
      <p>{t.readOnly}</p>
      <dl>
        <dt>{t.ratingDate}</dt>
        <dd>{a.ratingDate ? messageDate(a.ratingDate) : t.none}</dd>
        <dt>{t.teamMembers}</dt>
        <dd>{a.teamMembers.map((m) => `${m.name} (${label(lists.roles, m.role)})`).join('; ') || t.none}</dd>
        <dt>{t.familyInput}</dt>
        <dd>{a.familyInput ? (familyInputLabels[a.familyInput as keyof typeof familyInputLabels] ?? a.familyInput) : t.none}</dd>
        <dt>{t.sources}</dt>
        <dd>{[...a.sources.map((s) => label(lists.sources, s)), a.sourcesOther].filter(Boolean).join('; ') || t.none}</dd>
        {OUTCOMES.map((x) => {
          const r = a[`rating${x}`];
          const p = a[`newSkills${x}`];
          const cell = data.categories?.[x];
          return (
            <div key={x}>
              <dt>{t.outcome(x, outcomeTitles[x])}</dt>
              <dd>
                {r === null ? t.none : ratingOption(r)}
                {kind === 'exit' ? ` — ${ecoScoreText.newSkillsQuestion} ${p === 'Y' ? t.yes : p === 'N' ? t.no : t.notAnswered}` : null}
                {kind === 'exit' && cell ? <span className="eco-category-line"> {cell.category === 'invalid' ? ecoScoreText.notPossible(cell.label) : ecoScoreText.progressCategory(cell.category, cell.label)}</span> : null}
                {a[`evidence${x}`] ? <span className="eco-evidence"> {a[`evidence${x}`]}</span> : null}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

function ExitFields({ props, locked }: { props: EcoScorePageProps; locked: boolean }): ReactElement {
  const { form, errors, lists } = props;
  return (
    <fieldset className="usa-fieldset eco-exit-fields">
      <legend className="usa-legend usa-legend--large">{t.exitSection}</legend>
      <TextField id="exitDate" type="date" label={t.exitDate} value={form.exitDate} error={errorOf(errors, 'exitDate')} disabled={locked} />
      <Select id="exitReason" label={t.exitReason} value={form.exitReason} options={lists.exitReasons} placeholder={t.selectReason} error={errorOf(errors, 'exitReason')} disabled={locked} />
      <TextField id="exitNote" label={t.exitNote} value={form.exitNote} error={errorOf(errors, 'exitNote')} maxLength={200} disabled={locked} />
      {locked ? null : (
        <button type="submit" className="usa-button usa-button--outline" name="action" value="save-exit">
          {t.saveExit}
        </button>
      )}
    </fieldset>
  );
}

function RatingsForm({ props, editable }: { props: EcoScorePageProps; editable: boolean }): ReactElement {
  const { form, errors, lists, kind, data, scale } = props;
  const disabled = !editable || data.ratingsMode === 'short-stay' || data.ratingsMode === 'not-collected';
  const familyOptions = FAMILY_INPUT.map((code) => ({ code, label: familyInputLabels[code] }));
  const teamError = errorOf(errors, 'teamMembers');
  return (
    <>
      <TextField id="ratingDate" type="date" label={t.ratingDate} value={form.ratingDate} error={errorOf(errors, 'ratingDate')} disabled={disabled} />
      <fieldset className={`usa-fieldset usa-form-group${teamError ? ' usa-form-group--error' : ''}`} id="teamMembers">
        <legend className="usa-legend">{t.teamMembers}</legend>
        <FieldError id="teamMembers-error" message={teamError} />
        <input type="hidden" name="teamCount" value={String(form.team.length)} />
        {form.team.map((m, i) => (
          <div className="eco-team-row" key={i}>
            <TextField id={`teamName${i}`} label={t.personName(i + 1)} value={m.name} error={errorOf(errors, `teamMembers[${i}].name`)} maxLength={100} disabled={disabled} />
            <Select id={`teamRole${i}`} label={t.personRole(i + 1)} value={m.role} options={lists.roles} placeholder={t.selectRole} error={errorOf(errors, `teamMembers[${i}].role`)} disabled={disabled} />
            {disabled ? null : (
              <button type="submit" className="usa-button usa-button--unstyled" name="action" value={`remove-person-${i}`} aria-label={t.removePerson(i + 1)}>
                {t.remove}
              </button>
            )}
          </div>
        ))}
        {disabled ? null : (
          <button type="submit" className="usa-button usa-button--outline" name="action" value="add-person">
            {t.addPerson}
          </button>
        )}
      </fieldset>
      <Radios name="familyInput" legend={t.familyInput} options={familyOptions} value={form.familyInput} error={errorOf(errors, 'familyInput')} disabled={disabled} />
      <fieldset className={`usa-fieldset usa-form-group${errorOf(errors, 'sources') ? ' usa-form-group--error' : ''}`} id="sources">
        <legend className="usa-legend">{t.sources}</legend>
        <FieldError id="sources-error" message={errorOf(errors, 'sources')} />
        {lists.sources.map((o) => (
          <div className="usa-checkbox" key={o.code}>
            <input className="usa-checkbox__input" id={`sources-${o.code}`} type="checkbox" name="sources" value={o.code} defaultChecked={form.sources.includes(o.code)} disabled={disabled} />
            <label className="usa-checkbox__label" htmlFor={`sources-${o.code}`}>
              {o.label}
            </label>
          </div>
        ))}
        <TextField id="sourcesOther" label={t.sourcesOther} value={form.sourcesOther} error={errorOf(errors, 'sourcesOther')} maxLength={200} disabled={disabled} />
      </fieldset>
      {OUTCOMES.map((x) => {
        const entry = data.entryRatings?.[x] ?? null;
        return (
          <fieldset className="usa-fieldset eco-outcome" key={x}>
            <legend className="usa-legend usa-legend--large">{t.outcome(x, outcomeTitles[x])}</legend>
            {kind === 'exit' ? <p className="eco-entry-rating">{t.entryRating(entry, entry === null ? '' : (ratingLabels[entry] ?? ''))}</p> : null}
            <Radios name={`rating${x}`} legend={t.rating(x)} options={ratingOptions(scale)} value={form.ratings[x]} error={errorOf(errors, `rating${x}`)} disabled={disabled} />
            {kind === 'exit' ? (
              <>
                <Radios
                  name={`newSkills${x}`}
                  legend={ecoScoreText.newSkillsQuestion}
                  options={[
                    { code: 'Y', label: t.yes },
                    { code: 'N', label: t.no },
                  ]}
                  value={form.newSkills[x]}
                  error={errorOf(errors, `newSkills${x}`)}
                  disabled={disabled}
                />
                <Island name="EcoCategoryLine" component={EcoCategoryLine} props={{ outcome: x, entry, exit: form.ratings[x], newSkills: form.newSkills[x], scale }} />
              </>
            ) : null}
            <div className="usa-form-group">
              <label className="usa-label" htmlFor={`evidence${x}`}>
                {t.evidence}
              </label>
              <FieldError id={`evidence${x}-error`} message={errorOf(errors, `evidence${x}`)} />
              <textarea className="usa-textarea" id={`evidence${x}`} name={`evidence${x}`} defaultValue={form.evidence[x]} maxLength={1000} disabled={disabled} />
            </div>
          </fieldset>
        );
      })}
    </>
  );
}

function ReasonForm({ action, label, button, error }: { action: string; label: string; button: string; error?: string | undefined }): ReactElement {
  return (
    <details className="eco-reason-form" open={Boolean(error)}>
      <summary className="usa-button usa-button--outline">{button}</summary>
      <form method="post" action={action} className="usa-form" noValidate>
        <CsrfField />
        <div className={`usa-form-group${error ? ' usa-form-group--error' : ''}`}>
          <label className={`usa-label${error ? ' usa-label--error' : ''}`} htmlFor={`${label}-reason`}>
            {t.reason}
          </label>
          <FieldError id={`${label}-reason-error`} message={error} />
          <textarea className="usa-textarea" id={`${label}-reason`} name="reason" maxLength={500} required aria-describedby={error ? `${label}-reason-error` : undefined} />
        </div>
        <button type="submit" className="usa-button" name="action" value={label}>
          {button}
        </button>
      </form>
    </details>
  );
}

export function EcoScorePage(props: EcoScorePageProps): ReactElement {
  const { kind, data, form, errors, confirm, blocks, action } = props;
  const status = data.assessment?.status ?? null;
  const locked = status === 'submitted' || status === 'finalized';
  const can = (button: string) => data.actions.includes(button);
  const editable = !locked && can('Save draft');
  const exitLocked = data.lockedFields.some((f) => f.field === 'exitDate');
  const summaryErrors = errors.map((e) => ({ field: e.field === 'form' || e.field === 'body' || e.field === 'reason' ? undefined : fieldId(e.field), message: e.message }));
  const formErrors = errors.filter((e) => e.field !== 'reason');

  if (confirm && status === 'draft' && can('Submit')) {
    return (
      <>
        <PageHeader title={t.confirmTitle(kind)} />
        <form method="post" action={action} className="usa-form" noValidate>
          <CsrfField />
          <input type="hidden" name="version" value={form.version} />
          <p>{ecoScoreText.submitConfirm(kind)}</p>
          <div className="usa-button-group">
            <a className="usa-button usa-button--outline" href={action}>
              {t.cancel}
            </a>
            <button type="submit" className="usa-button" name="action" value="confirm-submit">
              {t.submit}
            </button>
          </div>
        </form>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t.title(kind)} backHref={`/child-search/status/${data.banner.childId}`} />
      <ErrorSummary errors={summaryErrors} />
      <Banner data={data} kind={kind} />
      <TextBlock block={blocks.instructions} />
      <TextBlock block={blocks.ratingScale} headingLevel={2} />
      {data.notice ? (
        <div className="usa-alert usa-alert--info usa-alert--slim" data-testid="eco-notice">
          <div className="usa-alert__body">
            <p className="usa-alert__text">{data.notice}</p>
          </div>
        </div>
      ) : null}
      <form method="post" action={action} className="usa-form usa-form--large eco-score-form" noValidate>
        <CsrfField />
        <input type="hidden" name="version" value={form.version} />
        {kind === 'exit' ? <ExitFields props={{ ...props, errors: formErrors }} locked={exitLocked || !can('Save draft')} /> : null}
        {locked ? <ReadOnly props={props} /> : <RatingsForm props={{ ...props, errors: formErrors }} editable={editable} />}
        <div className="usa-button-group eco-score-buttons">
          {can('Save draft') ? (
            <button type="submit" className="usa-button usa-button--outline" name="action" value="save">
              {t.saveDraft}
            </button>
          ) : null}
          {can('Submit') ? (
            <button type="submit" className="usa-button" name="action" value="submit">
              {t.submit}
            </button>
          ) : null}
          {can('Finalize') ? (
            <button type="submit" className="usa-button" name="action" value="finalize">
              {t.finalize}
            </button>
          ) : null}
        </div>
      </form>
      {can('Unlock') ? <ReasonForm action={action} label="unlock" button={t.unlock} error={errorOf(errors, 'reason')} /> : null}
      {can('Request unlock') ? <ReasonForm action={action} label="request-unlock" button={t.requestUnlock} error={can('Unlock') ? undefined : errorOf(errors, 'reason')} /> : null}
    </>
  );
}

/** The ratings path without a record (from the menu's route table): where to find one. */
export function EcoScoreChoosePage({ kind }: { kind: AssessmentType }): ReactElement {
  return (
    <>
      <PageHeader title={t.title(kind)} />
      <p>{t.chooseChild(kind)}</p>
      <p>
        <a className="usa-link" href="/child-search/child-list">
          {t.childList}
        </a>
      </p>
    </>
  );
}
