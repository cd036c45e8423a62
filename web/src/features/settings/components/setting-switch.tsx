import { useId } from 'react';
import { Switch } from 'radix-ui';
import { useTranslation } from '@/i18n/use-translation.ts';
import { settingsStore } from '@/lib/data/settings.ts';
import { useStored } from '@/lib/data/use-stored.ts';
import { toast } from '@/lib/toast.ts';

/** Notifications on or off (on by default), remembered in this browser. */
export function NotificationsSwitch() {
  const { t } = useTranslation('settings');
  const id = useId();
  const [{ notifications: enabled }, write] = useStored('settings', settingsStore);

  const toggle = (next: boolean) => {
    void write((settings) => ({ ...settings, notifications: next }));
    toast.success(next ? t('notifications.on') : t('notifications.off'));
  };

  return (
    <div className="flex items-center justify-between gap-4">
      <div className="flex flex-col">
        <label htmlFor={id} className="font-semibold text-slate-900">
          {t('notifications.label')}
        </label>
        <span className="text-sm text-slate-600">{t('notifications.description')}</span>
      </div>
      <Switch.Root
        id={id}
        checked={enabled}
        onCheckedChange={toggle}
        className="relative h-7 w-12 shrink-0 rounded-full bg-slate-300 transition-colors data-[state=checked]:bg-brand-700"
      >
        <Switch.Thumb className="block size-6 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
    </div>
  );
}
