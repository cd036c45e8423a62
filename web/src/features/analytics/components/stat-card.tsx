import type { IconNode } from 'lucide';
import { Icon } from '@/components/ui/icon.tsx';

export function StatCard({
  icon,
  label,
  value,
  delta,
}: {
  icon: IconNode;
  label: string;
  value: string;
  delta: string;
}) {
  return (
    <div className="flex flex-col gap-2 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <span className="flex size-10 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <Icon icon={icon} />
      </span>
      <p className="text-3xl font-extrabold tracking-tight text-slate-900">{value}</p>
      <p className="text-sm font-medium text-slate-700">{label}</p>
      <p className="text-xs font-semibold text-emerald-800">{delta}</p>
    </div>
  );
}
