import {
  CUSTOMER_KINDS,
  FLAT_RATE_PERCENTS,
  LEGAL_FORMS,
  PAUSAL_BANDS,
  REGIONS,
  STAGES,
  TAX_REGIMES,
  TRADE_KINDS,
  VAT_STATUSES,
} from '@partak/domain/business-profile';
import { useTranslation } from '@/i18n/use-translation.ts';
import { SelectField } from './form-fields.tsx';
import type { ChoiceField } from './profile-draft.ts';

/** Each choice field's list, from the domain (the dictionary names each item). */
const CHOICES: Record<ChoiceField, readonly (string | number)[]> = {
  tradeKind: TRADE_KINDS,
  customers: CUSTOMER_KINDS,
  stage: STAGES,
  region: REGIONS,
  legalForm: LEGAL_FORMS,
  taxRegime: TAX_REGIMES,
  pausalBand: PAUSAL_BANDS,
  flatRatePercent: FLAT_RATE_PERCENTS,
  vat: VAT_STATUSES,
};

interface ChoiceSelectProps {
  id: string;
  field: ChoiceField;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
}

/** One of the profile's choices, labelled and listed in the user's language. */
export function ChoiceSelect({ id, field, value, onChange, hint }: ChoiceSelectProps) {
  const { t } = useTranslation('business');
  const options = CHOICES[field].map((item) => ({
    value: String(item),
    // Every item of every list has its words (the dictionaries test checks the languages agree).
    label: t(`options.${field}.${item}` as never),
  }));
  return (
    <SelectField
      id={id}
      label={t(`form.${field}.label`)}
      hint={hint}
      value={value}
      onChange={onChange}
      options={options}
      notSaid={t('form.notSaid')}
    />
  );
}
