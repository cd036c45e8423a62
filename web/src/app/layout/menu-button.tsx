import { lazy, Suspense, useState } from 'react';
import { Menu } from 'lucide';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

const loadMenu = () => import('./app-menu.tsx');
const AppMenu = lazy(() => loadMenu().then((m) => ({ default: m.AppMenu })));

/**
 * The top-right menu button. The menu's code is fetched on first intent (hover, focus or tap), so
 * it costs nothing on the first load of a page.
 */
export function MenuButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="rounded-full p-2.5 text-slate-700 hover:bg-slate-100 hover:text-slate-900"
      >
        <Icon icon={Menu} className="size-6" />
        <span className="sr-only">{t('menu.open')}</span>
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <AppMenu open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
