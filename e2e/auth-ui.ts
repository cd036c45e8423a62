import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** A toast (sonner) with this title, and this text too when given. */
export function toast(page: Page, title: string, text?: string): Locator {
  const toasts = page.locator('[data-sonner-toast]').filter({ hasText: title });
  return text ? toasts.filter({ hasText: text }) : toasts;
}

export async function openMenu(
  page: Page,
  label = 'Otevřít menu',
  title = 'Menu',
): Promise<Locator> {
  await page.getByRole('button', { name: label }).click();
  const menu = page.getByRole('dialog', { name: title });
  await expect(menu).toBeVisible();
  return menu;
}

export async function openAuthDialog(page: Page): Promise<Locator> {
  const menu = await openMenu(page);
  await menu.getByRole('button', { name: 'Přihlásit se / Zaregistrovat se' }).click();
  const dialog = page.getByRole('dialog', { name: 'Přihlášení' });
  await expect(dialog).toBeVisible();
  return dialog;
}
