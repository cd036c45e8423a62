import { describe, expect, it } from 'vitest';
import { readMentorFile } from '../templates.ts';
import { compileTrades, slotsFrom, slotsIn, withoutSlots } from './slots.ts';

const trades = compileTrades(await readMentorFile('trades.json'));

describe('slots', () => {
  it.each([
    ['Kolik si mám říct za hodinu jako začínající grafička?', 'graphic-designer-f'],
    ['a pro kavárnu?', 'cafe'],
    ['jsem kadeřnice v Táboře', 'hairdresser-f'],
    ['what about for an e-shop?', 'eshop'],
    ['Ich bin Grafikerin', 'graphic-designer-f'],
    ['tengo una cafetería', 'cafe'],
    ['jsem instalater', 'craftsman'],
    ['Nabízím služby na volné noze.', 'services'],
  ])('recognise the trade in “%s”', (message, id) => {
    expect(slotsIn(message, trades).trade?.id).toBe(id);
  });

  it('read amounts as a price or a turnover by the words around them', () => {
    expect(slotsIn('mám obrat 1,8 milionu, musím k DPH?', trades).turnover).toBe(1_800_000);
    expect(slotsIn('fakturuju 150 tisíc měsíčně', trades).turnover).toBe(1_800_000);
    expect(slotsIn('obrat 2.5M', trades).turnover).toBe(2_500_000);
    expect(slotsIn('chci zdražit z 500 Kč na 600 Kč', trades).price).toBe(500);
    expect(slotsIn('beru 800 Kč/h', trades).price).toBe(800);
    // Not amounts: years, percent, a count.
    expect(slotsIn('podnikám 3 roky a zdražím o 10 %', trades)).toMatchObject({
      price: undefined,
      turnover: undefined,
    });
  });

  it('leave the question without the words that name them', () => {
    expect(withoutSlots('jsem kadeřnice, kolik si říct za hodinu?', trades)).toBe(
      'jsem  , kolik si říct za hodinu?',
    );
  });

  it('take the latest mention in the reader’s language', () => {
    const slots = slotsFrom(['jsem grafička', 'vlastně mám kavárnu, obrat 2,6 mil'], trades, 'en');
    expect(slots.trade).toEqual({ kind: 'food', as: 'with a café', for: 'for a café' });
    expect(slots.turnover).toBe(2_600_000);
  });
});
