import { useTranslation } from '@/i18n/use-translation.ts';
import { formatCzk } from './format-czk.ts';

export type Row = [key: string, amount: number, strong?: boolean];

/** A result's breakdown: label and amount per line, the one that matters most in bold. */
export function ResultRows({ rows, caption }: { rows: readonly Row[]; caption?: string }) {
  const { t, language } = useTranslation('tools');
  return (
    <table className="w-full text-sm">
      {caption && (
        <caption className="pb-1 text-left font-semibold text-slate-900">{caption}</caption>
      )}
      <tbody>
        {rows.map(([key, amount, strong]) => (
          <tr key={key} className={strong ? 'font-semibold text-slate-900' : 'text-slate-700'}>
            <th scope="row" className="py-1 text-left font-normal">
              {key === 'billableHours' ? t('row.billableHours') : t(`row.${key}` as never)}
            </th>
            <td className="py-1 text-right tabular-nums">
              {key === 'billableHours'
                ? new Intl.NumberFormat(language).format(amount)
                : formatCzk(amount, language)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
