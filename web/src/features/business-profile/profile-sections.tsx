import { BILLABLE_HOURS_MAX, TRADE_MAX_LENGTH } from '@partak/domain/business-profile';
import { FIELD_CLASS } from '@/components/ui/field.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import { ChoiceSelect } from './choice-select.tsx';
import { describedBy, FieldFrame } from './form-fields.tsx';
import { IcoLookup } from './ico-lookup.tsx';
import type { ChoiceField, Draft, DraftErrors } from './profile-draft.ts';

/** What every part of the form gets: the ids' prefix, the draft and how to change it, its errors. */
export interface SectionProps {
  id: string;
  draft: Draft;
  onChange: (draft: Draft) => void;
  errors: DraftErrors;
}

function Choice({ field, hint, ...props }: SectionProps & { field: ChoiceField; hint?: string }) {
  return (
    <ChoiceSelect
      id={`${props.id}-${field}`}
      field={field}
      value={props.draft[field]}
      onChange={(value) => props.onChange({ ...props.draft, [field]: value })}
      hint={hint}
    />
  );
}

/** What the user does, for whom, and how far they are. */
export function WhatFields(props: SectionProps) {
  const { t } = useTranslation('business');
  const { id, draft, onChange } = props;
  return (
    <>
      <FieldFrame id={`${id}-trade`} label={t('form.trade.label')} hint={t('form.trade.hint')}>
        <input
          id={`${id}-trade`}
          value={draft.trade}
          maxLength={TRADE_MAX_LENGTH}
          onChange={(event) => onChange({ ...draft, trade: event.target.value })}
          aria-describedby={describedBy(`${id}-trade`, true, false)}
          className={FIELD_CLASS}
        />
      </FieldFrame>
      <Choice {...props} field="tradeKind" />
      <Choice {...props} field="customers" />
      <Choice {...props} field="stage" />
    </>
  );
}

/** The legal form and taxes: a band for paušální daň, a percentage for the flat-rate expenses. */
export function TaxFields(props: SectionProps) {
  const { t } = useTranslation('business');
  const { legalForm, taxRegime } = props.draft;
  const regime = legalForm !== 'sro';
  return (
    <>
      <Choice {...props} field="legalForm" />
      {regime && <Choice {...props} field="taxRegime" hint={t('form.taxRegime.hint')} />}
      {regime && taxRegime === 'pausalni-dan' && <Choice {...props} field="pausalBand" />}
      {regime && taxRegime === 'flat-rate-expenses' && (
        <Choice {...props} field="flatRatePercent" />
      )}
      <Choice {...props} field="vat" />
    </>
  );
}

/** The region, the billable hours and the optional IČO with its ARES lookup. */
export function RestFields(props: SectionProps) {
  const { t } = useTranslation('business');
  const { id, draft, onChange, errors } = props;
  return (
    <>
      <Choice {...props} field="region" />
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
          onChange={(event) => onChange({ ...draft, hours: event.target.value })}
          aria-invalid={errors.hours ? true : undefined}
          aria-describedby={describedBy(`${id}-hours`, true, Boolean(errors.hours))}
          className={FIELD_CLASS}
        />
      </FieldFrame>
      <IcoLookup id={`${id}-ico`} draft={draft} onChange={onChange} invalid={Boolean(errors.ico)} />
    </>
  );
}
