import { useId, useState, type ReactNode } from 'react';
import type { BusinessProfile } from '@partak/domain/business-profile';
import { Button } from '@/components/ui/button.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { businessProfileStore } from '@/lib/data/business-profile.ts';
import { useStored } from '@/lib/data/use-stored.ts';
import { draftErrors, draftOf, profileWith, type Draft, type Section } from './profile-draft.ts';
import { RestFields, TaxFields, WhatFields, type SectionProps } from './profile-sections.tsx';

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

const FIELDS_OF_SECTION: Record<Section, (props: SectionProps) => ReactNode> = {
  what: WhatFields,
  taxes: TaxFields,
  rest: RestFields,
};

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

  const save = async () => {
    setChecked(true);
    const problems = draftErrors(draft, sections);
    const first = (['hours', 'ico'] as const).find((field) => problems[field]);
    if (first) {
      // The first field in trouble gets the focus; its error says what is wrong.
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    const finish = props.finish ?? ((next: BusinessProfile) => next);
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

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {sections.map((section) => {
        const Fields = FIELDS_OF_SECTION[section];
        return <Fields key={section} id={id} draft={draft} onChange={setDraft} errors={errors} />;
      })}
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
