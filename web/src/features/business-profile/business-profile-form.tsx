import { useId, useState, type ReactNode } from 'react';
import {
  BILLABLE_HOURS_MAX,
  TRADE_MAX_LENGTH,
  type BusinessProfile,
} from '@partak/domain/business-profile';
import { Button } from '@/components/ui/button.tsx';
import { FIELD_CLASS } from '@/components/ui/field.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import { businessProfileStore } from '@/lib/data/business-profile.ts';
import { useStored } from '@/lib/data/use-stored.ts';
import { describedBy, FieldFrame } from './form-fields.tsx';
import { IcoLookup } from './ico-lookup.tsx';
import { ChoiceSelect } from './choice-select.tsx';
import { draftErrors, draftOf, profileWith, type Draft, type Section } from './profile-draft.ts';

interface BusinessProfileFormProps {
  /** The parts of the form shown (and saved): the onboarding shows one at a time. */
  sections: readonly Section[];
  submitLabel: string;
  /** Called with the profile once it is kept. */
  onSaved?: (profile: BusinessProfile) => void;
  /** A last touch to what is saved (the onboarding's last step marks it finished). */
  finish?: (profile: BusinessProfile) => BusinessProfile;
  /** More buttons beside the submit one ("Přeskočit"). */
  actions?: ReactNode;
}

/**
 * The business profile's form: the given parts of it, every field optional. Saving replaces only
 * those parts' fields in the stored profile. A save that fails keeps everything typed on screen.
 */
export function BusinessProfileForm(props: BusinessProfileFormProps) {
  const { sections } = props;
  const { t } = useTranslation('business');
  const id = useId();
  const [profile, write] = useStored('business-profile', businessProfileStore);
  const [draft, setDraft] = useState<Draft>(() => draftOf(profile));
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const errors = checked ? draftErrors(draft, sections) : {};
  const has = (section: Section) => sections.includes(section);
  const set = (field: keyof Draft) => (value: string) => setDraft({ ...draft, [field]: value });

  const save = async () => {
    setChecked(true);
    const finish = props.finish ?? ((next: BusinessProfile) => next);
    const problems = draftErrors(draft, sections);
    const first = (['hours', 'ico'] as const).find((field) => problems[field]);
    if (first) {
      // The first field in trouble gets the focus; its error says what is wrong.
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setSaving(true);
    let saved: BusinessProfile | undefined;
    const result = await write((current) => {
      saved = finish(profileWith(current, draft, sections) ?? current);
      return saved;
    }).catch(() => 'unavailable' as const);
    setSaving(false);
    setFailed(result !== 'ok');
    if (result === 'ok' && saved) props.onSaved?.(saved);
  };

  const choice = (field: Parameters<typeof ChoiceSelect>[0]['field'], hint?: string) => (
    <ChoiceSelect
      id={`${id}-${field}`}
      field={field}
      value={draft[field]}
      onChange={set(field)}
      hint={hint}
    />
  );

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {has('what') && (
        <>
          <FieldFrame id={`${id}-trade`} label={t('form.trade.label')} hint={t('form.trade.hint')}>
            <input
              id={`${id}-trade`}
              value={draft.trade}
              maxLength={TRADE_MAX_LENGTH}
              onChange={(event) => set('trade')(event.target.value)}
              aria-describedby={describedBy(`${id}-trade`, true, false)}
              className={FIELD_CLASS}
            />
          </FieldFrame>
          {choice('tradeKind')}
          {choice('customers')}
          {choice('stage')}
        </>
      )}
      {has('taxes') && (
        <>
          {choice('legalForm')}
          {draft.legalForm !== 'sro' && choice('taxRegime', t('form.taxRegime.hint'))}
          {draft.legalForm !== 'sro' && draft.taxRegime === 'pausalni-dan' && choice('pausalBand')}
          {draft.legalForm !== 'sro' &&
            draft.taxRegime === 'flat-rate-expenses' &&
            choice('flatRatePercent')}
          {choice('vat')}
        </>
      )}
      {has('rest') && (
        <>
          {choice('region')}
          <FieldFrame
            id={`${id}-hours`}
            label={t('form.hours.label')}
            hint={t('form.hours.hint', { max: BILLABLE_HOURS_MAX })}
            error={errors.hours && t('form.hours.invalid', { max: BILLABLE_HOURS_MAX })}
          >
            <input
              id={`${id}-hours`}
              type="number"
              inputMode="numeric"
              min={1}
              max={BILLABLE_HOURS_MAX}
              step={1}
              value={draft.hours}
              onChange={(event) => set('hours')(event.target.value)}
              aria-invalid={errors.hours ? true : undefined}
              aria-describedby={describedBy(`${id}-hours`, true, Boolean(errors.hours))}
              className={FIELD_CLASS}
            />
          </FieldFrame>
          <IcoLookup
            id={`${id}-ico`}
            draft={draft}
            onChange={setDraft}
            invalid={Boolean(errors.ico)}
          />
        </>
      )}
      {failed && (
        <p role="alert" className="font-medium text-red-700">
          {t('form.notSaved')}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {props.submitLabel}
        </Button>
        {props.actions}
      </div>
    </form>
  );
}
