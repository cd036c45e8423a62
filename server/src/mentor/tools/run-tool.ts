import { deadlineProfileOf, type BusinessProfile } from '@partak/domain/business-profile';
import { CALCULATORS } from '@partak/domain/calculators/index';
import type { CalcResult, Regime } from '@partak/domain/calculators/types';
import { deadlinesFor } from '@partak/domain/deadlines/deadlines';
import type { Figures } from '@partak/domain/figures';
import type { CalculatorCard } from '@partak/domain/mentor-events';
import { CALCULATOR_OF_TOOL, DEADLINES_TOOL } from './definitions.ts';

export interface ToolRun {
  /** What goes back to the model as the `tool` message: compact JSON it can quote. */
  content: string;
  /** A calculator that ran: the card the browser shows, starting from the model's arguments. */
  card?: CalculatorCard;
}

export interface ToolContext {
  figures: Figures;
  /** Only when the user let the model see it ("Parťák smí znát můj profil"). */
  profile?: BusinessProfile;
  now: Date;
}

const failed = (error: string, detail?: unknown): ToolRun => ({
  content: JSON.stringify({ error, ...(detail ? { detail } : {}) }),
});

function regimeOf(value: unknown, profile: BusinessProfile | undefined): Regime | undefined {
  const text =
    typeof value === 'string'
      ? value
      : profile?.taxRegime === 'pausalni-dan'
        ? `pausalni-dan-${profile.pausalBand ?? 1}`
        : profile?.taxRegime === 'real-expenses'
          ? 'real-expenses'
          : profile?.taxRegime === 'flat-rate-expenses'
            ? `flat-${profile.flatRatePercent ?? 60}`
            : undefined;
  const [kind, number] = (text ?? '').split(/-(?=\d+$)/);
  if (kind === 'pausalni-dan') return { kind, band: Number(number) as 1 | 2 | 3 };
  if (kind === 'flat') return { kind: 'flat-rate-expenses', percent: Number(number) as 80 };
  if (text === 'real-expenses') return { kind: 'real-expenses' };
  return undefined;
}

/** The calculator's input: the model's arguments, the profile's regime where it gave none. */
function inputOf(tool: string, args: Record<string, unknown>, context: ToolContext) {
  const { profile, now } = context;
  const year = now.getFullYear();
  const regime = regimeOf(args.regime, profile) ?? { kind: 'flat-rate-expenses', percent: 60 };
  const activity = profile?.legalForm === 'zivnost-side' ? 'side' : 'main';
  switch (tool) {
    case 'vat_watch':
      return { monthlyTurnover: [args.turnover], asOf: now.toISOString().slice(0, 10) };
    case 'compare_pausal':
      return { flatRatePercent: profile?.flatRatePercent, activity, ...args, year };
    default:
      return { activity, ...args, regime, year };
  }
}

function deadlines(args: Record<string, unknown>, context: ToolContext): ToolRun {
  const regime = context.profile && deadlineProfileOf(context.profile);
  if (!regime) return failed('no business profile with a legal form to take deadlines from');
  const month =
    typeof args.month === 'string' && /^\d{4}-\d{2}$/.test(args.month)
      ? args.month
      : context.now.toISOString().slice(0, 7);
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  const list = deadlinesFor(
    regime,
    { from: `${month}-01`, to: `${month}-${last}` },
    context.figures,
  );
  return { content: JSON.stringify({ month, deadlines: list }) };
}

/**
 * Runs one tool call of the model on the server. Whatever the model sent — arguments that are not
 * JSON, wrong fields, a tool that does not exist — the answer is a result it can read and recover
 * from (`{ "error": … }`), never an exception that would end the reply.
 */
export function runTool(name: string, rawArguments: string, context: ToolContext): ToolRun {
  let args: unknown;
  try {
    args = rawArguments.trim() === '' ? {} : JSON.parse(rawArguments);
  } catch {
    return failed('arguments are not valid JSON');
  }
  if (!args || typeof args !== 'object' || Array.isArray(args)) {
    return failed('arguments must be a JSON object');
  }
  const record = args as Record<string, unknown>;
  if (name === DEADLINES_TOOL) return deadlines(record, context);
  const id = CALCULATOR_OF_TOOL[name];
  if (!id) return failed(`unknown tool ${name.slice(0, 60)}`);
  const calculate = CALCULATORS[id] as (input: unknown, figures: Figures) => CalcResult<unknown>;
  const result = calculate(inputOf(name, record, context), context.figures);
  if (!result.ok) {
    return 'yearUnsupported' in result
      ? failed(`no rates for ${result.yearUnsupported} yet`)
      : failed('invalid arguments', result.problems);
  }
  const sources = [
    ...new Set(
      ((result.value as { figureIds?: string[] }).figureIds ?? []).map(
        (figureId) => context.figures[figureId]?.source,
      ),
    ),
  ].filter(Boolean);
  const value = { ...(result.value as Record<string, unknown>) };
  delete value.figureIds;
  return { content: JSON.stringify({ result: value, sources }), card: cardOf(id, record) };
}

/** The card's input: the model's plain arguments, the regime as the card's select names it. */
function cardOf(id: CalculatorCard['id'], args: Record<string, unknown>): CalculatorCard {
  const input: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(args)) {
    if (typeof value === 'number' || typeof value === 'boolean') input[name] = value;
    else if (typeof value === 'string' && name === 'regime') {
      input.regime = value.replace('pausalni-dan-', 'pausal-').replace('real-expenses', 'real');
    }
  }
  return Object.keys(input).length ? { id, input } : { id };
}
