import { SUPPORTED_LANGUAGES, type Language } from '@partak/domain/languages';
import { i18n } from '@/i18n/i18n.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import { setLanguage } from '@/lib/data/settings.ts';
import { toast } from '@/lib/toast.ts';
import { cn } from '@/lib/cn.ts';
import { LanguageFlag } from './language-flag.tsx';

/** A language's name in that language ("Čeština", "English", "Deutsch", "Español"). */
function nativeName(code: Language): string {
  const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
}

/**
 * Native radio buttons: arrow keys move between languages, and the choice applies at once. Each
 * language is named in its own tongue, so a visitor who landed in the wrong one finds theirs, and
 * in the current interface language beside it.
 */
export function LanguageSelect() {
  const { t, language: current } = useTranslation('settings');
  const { t: names } = useTranslation('languages');

  const choose = async (next: Language) => {
    await setLanguage(next);
    const inNewLanguage = i18n.getFixedT(next, 'settings');
    toast.success(inNewLanguage('language.changed'), inNewLanguage('language.changedDescription'));
  };

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-lg font-bold text-slate-900">{t('language.title')}</legend>
      <div className="grid grid-cols-2 gap-2">
        {SUPPORTED_LANGUAGES.map((code) => (
          <label
            key={code}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-2xl p-3 ring-1 transition has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700',
              code === current
                ? 'bg-brand-50 font-semibold text-brand-900 ring-brand-700'
                : 'bg-white text-slate-800 ring-slate-200 hover:ring-brand-300',
            )}
          >
            <input
              type="radio"
              name="language"
              value={code}
              checked={code === current}
              onChange={() => void choose(code)}
              className="sr-only"
            />
            <LanguageFlag language={code} />
            <span className="flex flex-col">
              <span lang={code}>{nativeName(code)}</span>
              {code !== current && (
                <span className="text-xs font-normal text-slate-600">{names(code)}</span>
              )}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
