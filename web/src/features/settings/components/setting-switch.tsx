import { useId } from 'react';
import { Switch } from 'radix-ui';
import { settingsStore, type Settings } from '@/lib/data/settings.ts';
import { useStored } from '@/lib/data/use-stored.ts';
import { toast } from '@/lib/toast.ts';

type Toggle = { [K in keyof Settings]: Settings[K] extends boolean ? K : never }[keyof Settings];

/** One on/off setting, kept in the settings store; turning it says so in a toast. */
export function SettingSwitch({
  setting,
  label,
  description,
  saidOn,
  saidOff,
}: {
  setting: Toggle;
  label: string;
  description: string;
  saidOn: string;
  saidOff: string;
}) {
  const id = useId();
  const [settings, write] = useStored('settings', settingsStore);

  const toggle = async (next: boolean) => {
    if ((await write((current) => ({ ...current, [setting]: next }))) === 'ok') {
      toast.success(next ? saidOn : saidOff);
    }
  };

  return (
    <div className="flex items-center justify-between gap-4">
      <div className="flex flex-col">
        <label htmlFor={id} className="font-semibold text-slate-900">
          {label}
        </label>
        <span className="text-sm text-slate-600">{description}</span>
      </div>
      <Switch.Root
        id={id}
        checked={settings[setting]}
        onCheckedChange={(next) => void toggle(next)}
        className="relative h-7 w-12 shrink-0 rounded-full bg-slate-300 transition-colors data-[state=checked]:bg-brand-700"
      >
        <Switch.Thumb className="block size-6 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
    </div>
  );
}
