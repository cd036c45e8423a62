import type { CalculatorId } from '@partak/domain/calculators/types';
import type { CalculatorCard } from '@partak/domain/mentor-events';
import { findAmounts, foldInPlace, type Amount } from './slots.ts';

/*
 * What a calculator card starts from: the numbers the question itself names, when it is clear
 * what they are ("beru 500 Kč na hodinu", "obrat 1,6 milionu"). Conservative on purpose: a wrong
 * number in a card looks like the mentor's claim, an empty field only asks to be filled (the
 * browser fills the rest from the business profile). An amount is taken only when exactly one
 * amount of the question reads as that field.
 *
 * The keys are the card's fields (web/src/components/calculators/calculator-fields.ts, named as
 * the calculators' inputs in domain/src/calculators/types.ts; the DPH watch's is `turnover`, the
 * year so far). `currentHourly`, what the person charges now, has no field yet: the card keeps
 * only the fields it knows, so it waits there for a comparison.
 */

type Card = NonNullable<CalculatorCard['input']>;

/** How far around an amount its words are read. */
const BEFORE = 30;
const AFTER = 25;

const PER_HOUR = /hodin|\bhod\b|hour|\/h\b|stunde|\bstd\b|\bhora/;
const MONTHLY = /mesic|month|monat|\bmes\b|mensual/;
const NET = /cist|na ruku|net|take home|take-home|netto|neto|limpio/;
const PROFIT = /zisk|profit|gewinn|beneficio/;
const INVOICE = /faktur|invoice|rechnung|factura|platb|payment|zaplat|bezahlt|pago/;
const YEARLY = /rocn|rok|year|annual|jahr|ano|anual/;

/** The words around an amount, folded. */
const around = (folded: string, amount: Amount) =>
  folded.slice(Math.max(0, amount.span.start - BEFORE), amount.span.end + AFTER);

/** The one amount the test picks out, or none when there are none or several. */
function onlyOne(folded: string, amounts: Amount[], test: (near: string, a: Amount) => boolean) {
  const found = amounts.filter((amount) => test(around(folded, amount), amount));
  return found.length === 1 ? found[0]?.value : undefined;
}

function inputFor(id: CalculatorId, folded: string, amounts: Amount[]): Card {
  const input: Card = {};
  const set = (key: string, value: number | undefined) => {
    if (value !== undefined) input[key] = value;
  };
  const turnover = onlyOne(folded, amounts, (_near, amount) => amount.slot === 'turnover');
  switch (id) {
    case 'hourly-rate':
      set(
        'currentHourly',
        onlyOne(folded, amounts, (near, a) => a.slot === 'price' && PER_HOUR.test(near)),
      );
      {
        const net = amounts.filter((a) => {
          const near = around(folded, a);
          return NET.test(near) && !YEARLY.test(near);
        });
        // A month's net read as a turnover was made a year's (× 12): a month's again.
        const [only] = net;
        if (net.length === 1 && only) {
          const monthly = only.slot === 'turnover' && MONTHLY.test(around(folded, only));
          set('netMonthlyIncome', monthly ? Math.round(only.value / 12) : only.value);
        }
      }
      break;
    case 'pausal':
      set('yearlyIncome', turnover);
      break;
    case 'put-aside':
      set(
        'invoiceAmount',
        onlyOne(folded, amounts, (near, a) => a.slot === 'price' && INVOICE.test(near)),
      );
      break;
    case 'vat-watch':
      set('turnover', turnover);
      break;
    case 'osvc-vs-sro': {
      const profit = onlyOne(folded, amounts, (near) => PROFIT.test(near));
      set('yearlyProfit', profit);
      if (profit === undefined) set('yearlyIncome', turnover);
      break;
    }
  }
  return input;
}

/** The card a reply offers for a calculator, with what the question says filled in. */
export function calculatorCard(id: CalculatorId, question: string): CalculatorCard {
  const folded = foldInPlace(question.normalize('NFC').slice(0, 2000));
  const input = inputFor(id, folded, findAmounts(folded));
  return Object.keys(input).length > 0 ? { id, input } : { id };
}
