import { describe, expect, it } from 'vitest';
import {
  flatRateExpenses,
  healthInsurance,
  incomeTax,
  lowestBand,
  socialInsurance,
  yearlyCost,
} from './osvc-costs.ts';
import { figures, year2026 } from './test-figures.ts';

const year = year2026();

/*
 * Sources of the worked examples: ZDP § 7, § 16, § 35ba (https://www.zakonyprolidi.cz/cs/1992-586),
 * z. 589/1992 § 5b, § 7a, § 9, § 15a (https://www.zakonyprolidi.cz/cs/1992-589), z. 592/1992
 * § 2, § 3a (https://www.zakonyprolidi.cz/cs/1992-592), the 2026 average wage of nařízení vlády
 * č. 365/2025 Sb. (https://www.zakonyprolidi.cz/cs/2025-365), and the 2026 amounts published by
 * finanční správa (https://www.financnisprava.cz/cs/dane/dane/dan-z-prijmu/pausalni-dan), ZP MV ČR
 * (https://www.zpmvcr.cz/o-nas/aktuality/pracujete-jako-osvc-neprehlednete-zmeny-platne-pro-rok-2026:
 * minimum health advance 3 306 Kč) and Měšec (https://www.mesec.cz/aktuality/na-zmenu-trvalych-prikazu-pro-platbu-minimalnich-zaloh-uz-moc-casu-nezbyva/:
 * social advances 5 720 Kč main, 1 574 Kč side).
 */
describe('the 2026 figures follow from the average wage as the law derives them', () => {
  const wage = year.averageWage;
  const up = Math.ceil;

  it('has the average wage of nařízení vlády 365/2025 Sb.', () => {
    expect(wage).toBe(48_967);
  });

  it('derives the minimum and maximum assessment bases, the rozhodná částka and the 23 % limit', () => {
    expect(year.socialMinBaseMain).toBe(up(wage * 0.4)); // § 5b: 40 % in 2026
    expect(year.socialMinBaseSide).toBe(up(wage * 0.11)); // § 5b: 11 %
    expect(year.healthMinBase).toBe(up(wage * 0.5)); // § 3a z. 592/1992: 50 %
    expect(year.socialSideThreshold).toBe(Math.round(wage * 2.4)); // § 9 odst. 6
    expect(year.socialMaxBase).toBe(48 * wage); // § 15a
    expect(year.higherThreshold).toBe(36 * wage); // § 16 ZDP
  });

  it('gives the published minimum advances: 5 720, 1 574 and 3 306 Kč', () => {
    expect(up(year.socialMinBaseMain * year.socialRate)).toBe(
      figures['osvc-min-social-advance-2026']?.value,
    );
    expect(up(year.socialMinBaseSide * year.socialRate)).toBe(1_574);
    expect(up(year.healthMinBase * year.healthRate)).toBe(
      figures['osvc-min-health-advance-2026']?.value,
    );
  });

  it('gives band 1 of paušální daň: 100 Kč tax, social on the minimum base + 15 %, health', () => {
    const social = up(up(year.socialMinBaseMain * 1.15) * year.socialRate); // § 7a z. 589/1992
    const health = up(year.healthMinBase * year.healthRate);
    expect(100 + social + health).toBe(year.pausalMonthly[1]); // 9 984 Kč
  });
});

describe('a year of an OSVČ', () => {
  it('taxes a base rounded down to hundreds, 23 % above 36 average wages, less the credit', () => {
    expect(incomeTax(400_099, year)).toBe(60_000 - 30_840);
    expect(incomeTax(205_600, year)).toBe(0); // the credit is never paid out
    expect(incomeTax(-5_000, year)).toBe(0);
    // 1 762 812 × 15 % + 737 188 × 23 % = 433 975.04 → 433 976, less 30 840
    expect(incomeTax(2_500_000, year)).toBe(403_136);
  });

  it('pays at least the 2026 minimums on a main business', () => {
    expect(socialInsurance(400_000, 'main', year)).toBe(68_633); // 12 × 19 587 × 29.2 %, up
    expect(healthInsurance(400_000, 'main', year)).toBe(39_665); // 12 × 24 484 × 13.5 %, up
    expect(socialInsurance(0, 'main', year)).toBe(68_633);
    // Above the minimums: 55 % and 50 % of the profit.
    expect(socialInsurance(1_000_000, 'main', year)).toBe(160_600);
    expect(healthInsurance(1_000_000, 'main', year)).toBe(67_500);
  });

  it('pays no social insurance on a side business up to the rozhodná částka', () => {
    expect(socialInsurance(117_521, 'side', year)).toBe(0);
    // Just over it: the side minimum, 12 × 5 387 × 29.2 % = 18 876.05 → 18 877.
    expect(socialInsurance(117_522, 'side', year)).toBe(18_877);
    expect(socialInsurance(300_000, 'side', year)).toBe(48_180); // 165 000 × 29.2 %
    expect(healthInsurance(300_000, 'side', year)).toBe(20_250); // no minimum beside a job
  });

  it('stops social insurance at the maximum assessment base', () => {
    expect(socialInsurance(2_500_000, 'main', year)).toBe(401_500); // 1 375 000 × 29.2 %
    expect(socialInsurance(5_000_000, 'main', year)).toBe(686_322); // 2 350 416 × 29.2 %, up
    expect(healthInsurance(2_500_000, 'main', year)).toBe(168_750); // health has no cap
  });

  it('caps the flat-rate expenses of every percentage', () => {
    expect(flatRateExpenses(1_000_000, 60, year)).toBe(600_000);
    expect(flatRateExpenses(3_000_000, 80, year)).toBe(1_600_000);
    expect(flatRateExpenses(3_000_000, 60, year)).toBe(1_200_000);
    expect(flatRateExpenses(3_000_000, 40, year)).toBe(800_000);
    expect(flatRateExpenses(3_000_000, 30, year)).toBe(600_000);
  });

  it('adds up a year in a regime, paušální daň being twelve payments', () => {
    expect(yearlyCost({ kind: 'pausalni-dan', band: 2 }, 1_200_000, 0, 'main', year)).toEqual({
      tax: 0,
      social: 0,
      health: 0,
      total: 12 * 16_745,
    });
    // 1 M at 60 %: profit 400 000 → tax 29 160, social 68 633, health 39 665.
    expect(
      yearlyCost({ kind: 'flat-rate-expenses', percent: 60 }, 1_000_000, 0, 'main', year),
    ).toEqual({ tax: 29_160, social: 68_633, health: 39_665, total: 137_458 });
  });

  it('places an income in the lowest paušální daň band § 2a ZDP allows', () => {
    expect(lowestBand(1_000_000, 40, year)).toBe(1);
    expect(lowestBand(1_000_001, 40, year)).toBe(2);
    expect(lowestBand(1_500_000, 60, year)).toBe(1);
    expect(lowestBand(1_500_000, 40, year)).toBe(2);
    expect(lowestBand(1_500_001, 40, year)).toBe(3);
    expect(lowestBand(2_000_000, 80, year)).toBe(1);
    expect(lowestBand(2_000_000, 60, year)).toBe(2);
    expect(lowestBand(2_000_000, 30, year)).toBe(3);
    expect(lowestBand(2_000_001, 80, year)).toBeUndefined();
  });
});
