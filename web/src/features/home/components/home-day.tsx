import { ThisMonth } from './this-month.tsx';
import { Today } from './today.tsx';

/** What home shows a returning visitor above the welcome: their day, and this month's deadlines. */
export function HomeDay() {
  return (
    <>
      <Today />
      <ThisMonth />
    </>
  );
}
