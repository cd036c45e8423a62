/** How a text field or a select looks: one look for every form. */
export const FIELD_CLASS =
  'rounded-2xl border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 focus:border-brand-700';
