import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';

const ROUTES = [
  '/',
  '/topics',
  '/topics?tab=library',
  '/topic/sales',
  '/chat',
  '/library',
  '/library/marketing',
  '/library/marketing/meta-ads',
  '/goals',
  '/history',
  '/analytics',
  '/settings',
  '/subscription',
  '/profil',
  '/nastaveni-oznameni',
];

for (const locale of ['cs-CZ', 'en-US', 'de-DE', 'es-ES']) {
  test.describe(locale, () => {
    test.use({ locale });

    test('no serious or critical accessibility violations on any screen', async ({ page }) => {
      test.slow();
      for (const route of ROUTES) {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
        const { violations } = await new AxeBuilder({ page }).analyze();
        const serious = violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => `${route}: ${violation.id} (${violation.nodes.length})`);
        expect(serious).toEqual([]);
      }
    });
  });
}
