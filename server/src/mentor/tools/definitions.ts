import type { CalculatorId } from '@partak/domain/calculators/types';

/*
 * The calculators and the deadline calendar as OpenAI-compatible tools (function calling). The
 * argument schemas are JSON Schema, kept small: models fill short flat objects most reliably.
 * Every amount is whole Czech crowns; the regime is one word the model can copy from the list.
 */

export const REGIME_ARGUMENT = {
  type: 'string',
  enum: [
    'pausalni-dan-1',
    'pausalni-dan-2',
    'pausalni-dan-3',
    'flat-80',
    'flat-60',
    'flat-40',
    'flat-30',
    'real-expenses',
  ],
  description:
    'Tax regime: paušální daň band 1–3, flat-rate expenses (výdajový paušál) 80/60/40/30 %, or real expenses. Omit to use the profile.',
} as const;

const crowns = (description: string) => ({ type: 'number', minimum: 0, description });

interface ToolDefinition {
  type: 'function';
  function: {
    name: string;
    description: string;
    parameters: { type: 'object'; properties: Record<string, unknown>; required: string[] };
  };
}

const tool = (
  name: string,
  description: string,
  properties: Record<string, unknown>,
  required: string[],
): ToolDefinition => ({
  type: 'function',
  function: { name, description, parameters: { type: 'object', properties, required } },
});

/** Tool name → the calculator it runs. */
export const CALCULATOR_OF_TOOL: Record<string, CalculatorId> = {
  hourly_rate: 'hourly-rate',
  compare_pausal: 'pausal',
  put_aside: 'put-aside',
  vat_watch: 'vat-watch',
  osvc_vs_sro: 'osvc-vs-sro',
};

export const DEADLINES_TOOL = 'deadlines';

export const TOOLS: ToolDefinition[] = [
  tool(
    'hourly_rate',
    'The minimum hourly and day rate for a Czech sole trader (OSVČ) to take home a wanted net monthly income after costs, income tax and social and health insurance.',
    {
      netMonthlyIncome: crowns('What they want to take home each month.'),
      monthlyCosts: crowns('Business costs per month.'),
      billableHoursPerWeek: { type: 'number', minimum: 1, maximum: 80 },
      holidayWeeks: { type: 'number', minimum: 0, maximum: 20 },
      regime: REGIME_ARGUMENT,
    },
    ['netMonthlyIncome', 'monthlyCosts', 'billableHoursPerWeek'],
  ),
  tool(
    'compare_pausal',
    'Compares a year of paušální daň (flat tax), flat-rate expenses and real expenses for a Czech OSVČ: which band is possible and which regime is cheapest.',
    {
      yearlyIncome: crowns('Income per year.'),
      yearlyExpenses: crowns('Real expenses per year, if known.'),
      flatRatePercent: { type: 'number', enum: [80, 60, 40, 30] },
      otherIncome: { type: 'boolean', description: 'Other income over the § 7a limit.' },
    },
    ['yearlyIncome'],
  ),
  tool(
    'put_aside',
    'How much of one invoice a Czech OSVČ should keep for income tax, insurance and VAT.',
    {
      invoiceAmount: crowns('The invoice amount.'),
      vatRate: { type: 'number', enum: [0, 12, 21], description: 'VAT included in the amount.' },
      regime: REGIME_ARGUMENT,
    },
    ['invoiceAmount'],
  ),
  tool(
    'vat_watch',
    'Turnover against the Czech VAT registration thresholds (2 000 000 and 2 536 500 Kč) and the day a registration would be due.',
    { turnover: crowns('Turnover of the last 12 months (or the calendar year so far).') },
    ['turnover'],
  ),
  tool(
    'osvc_vs_sro',
    'A rough yearly comparison of the same profit as a sole trader (OSVČ) and as an s. r. o. paying it out as a dividend. An estimate for a talk with an accountant.',
    {
      yearlyProfit: crowns('Profit per year: income minus real costs.'),
      yearlyIncome: crowns('Income per year, for flat-rate regimes.'),
      regime: REGIME_ARGUMENT,
    },
    ['yearlyProfit'],
  ),
  tool(
    DEADLINES_TOOL,
    "The user's tax and insurance deadlines in a month (advances, paušální daň, tax return, overviews, VAT), each moved to a working day. Needs the business profile.",
    {
      month: {
        type: 'string',
        pattern: '^\\d{4}-\\d{2}$',
        description: 'YYYY-MM; omit for this month.',
      },
    },
    [],
  ),
];
