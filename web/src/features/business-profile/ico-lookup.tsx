import { useRef, useState } from 'react';
import { isValidIco, type RegistryEntry } from '@partak/domain/business-profile';
import { Button } from '@/components/ui/button.tsx';
import { FIELD_CLASS } from '@/components/ui/field.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { describedBy, FieldFrame } from './form-fields.tsx';
import { icoOf, type Draft } from './profile-draft.ts';
import { RegistryDetails } from './registry-details.tsx';
import { lookUpIco, withRegistry } from './registry.ts';

type Lookup =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'found'; entry: RegistryEntry }
  | { state: 'failed'; message: string };

interface IcoLookupProps {
  id: string;
  draft: Draft;
  onChange: (draft: Draft) => void;
  /** The form's own complaint about the IČO (on saving). */
  invalid: boolean;
}

/**
 * The optional IČO, and "Načíst z ARES": the checksum is checked here first (no request for an
 * IČO that cannot exist), then our server asks ARES; what it says is shown read-only until the
 * user confirms it.
 */
export function IcoLookup({ id, draft, onChange, invalid }: IcoLookupProps) {
  const { t } = useTranslation('business');
  const { t: errors } = useTranslation('errors');
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  const input = useRef<HTMLInputElement>(null);

  const look = async () => {
    const ico = icoOf(draft);
    if (!ico || !isValidIco(ico)) {
      setLookup({ state: 'failed', message: t('form.ico.invalid') });
      input.current?.focus();
      return;
    }
    setLookup({ state: 'loading' });
    try {
      setLookup({ state: 'found', entry: await lookUpIco(ico) });
    } catch (error) {
      setLookup({ state: 'failed', message: errorMessage(error, errors) });
    }
  };

  const error =
    lookup.state === 'failed' ? lookup.message : invalid ? t('form.ico.invalid') : undefined;
  const confirmed = draft.registry && draft.registry.ico === icoOf(draft) ? draft.registry : null;

  return (
    <div className="flex flex-col gap-3">
      <FieldFrame id={id} label={t('form.ico.label')} hint={t('form.ico.hint')} error={error}>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            ref={input}
            id={id}
            inputMode="numeric"
            autoComplete="off"
            maxLength={12}
            value={draft.ico}
            onChange={(event) => {
              onChange({ ...draft, ico: event.target.value });
              if (lookup.state !== 'loading') setLookup({ state: 'idle' });
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, true, Boolean(error))}
            className={`${FIELD_CLASS} sm:flex-1`}
          />
          <Button
            type="button"
            variant="secondary"
            onClick={() => void look()}
            disabled={lookup.state === 'loading'}
            aria-busy={lookup.state === 'loading'}
          >
            {lookup.state === 'loading' ? t('form.ico.loading') : t('form.ico.lookup')}
          </Button>
        </div>
      </FieldFrame>
      {lookup.state === 'found' && (
        <RegistryDetails entry={lookup.entry}>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button
              type="button"
              onClick={() => {
                onChange(withRegistry(draft, lookup.entry));
                setLookup({ state: 'idle' });
              }}
            >
              {t('registry.confirm')}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setLookup({ state: 'idle' })}>
              {t('registry.discard')}
            </Button>
          </div>
        </RegistryDetails>
      )}
      {lookup.state !== 'found' && confirmed && (
        <RegistryDetails entry={confirmed}>
          <Button
            type="button"
            variant="secondary"
            className="self-start"
            onClick={() => onChange({ ...draft, registry: undefined })}
          >
            {t('registry.remove')}
          </Button>
        </RegistryDetails>
      )}
    </div>
  );
}
