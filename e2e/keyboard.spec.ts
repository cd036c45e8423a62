import type { Locator, Page } from '@playwright/test';
import { createConfirmedAccount, PASSWORD } from './accounts.ts';
import { toast } from './auth-ui.ts';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './mailbox.ts';
import { SCREENS } from './screens.ts';

// Every journey here uses the keyboard alone: after the first page load, no click, no fill.

/**
 * What a sighted keyboard user sees of focus, run in the page: the focused element matches
 * :focus-visible and wears an outline of at least 2 px whose colour stands out at least 3:1 from
 * what lies behind it (a visually hidden control, such as a language radio, shows it on its
 * label). Returns 'ok' or what is wrong.
 */
function focusRing(): string {
  type Rgba = [number, number, number, number];
  // Any CSS colour (Tailwind's are oklch and oklab) as sRGB bytes, by painting one pixel.
  const pixel = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  const parse = (color: string): Rgba => {
    if (!pixel) throw new Error('no canvas');
    pixel.clearRect(0, 0, 1, 1);
    pixel.fillStyle = color;
    pixel.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0, a = 0] = pixel.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a / 255];
  };
  const over = ([r, g, b, a]: Rgba, [br, bg, bb]: Rgba): Rgba => [
    r * a + br * (1 - a),
    g * a + bg * (1 - a),
    b * a + bb * (1 - a),
    1,
  ];
  const luminance = (color: Rgba) => {
    const [r = 0, g = 0, b = 0] = color
      .slice(0, 3)
      .map((c) => c / 255)
      .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  /** The colour behind an element: its ancestors' backgrounds, laid over white. */
  const behind = (element: Element): Rgba => {
    const layers: Rgba[] = [];
    for (let node = element.parentElement; node; node = node.parentElement) {
      const layer = parse(getComputedStyle(node).backgroundColor);
      if (layer[3] > 0) layers.push(layer);
      if (layer[3] === 1) break;
    }
    return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
  };

  const focused = document.activeElement;
  if (!focused || focused === document.body) return 'focus is on nothing (the page body)';
  const name = `${focused.tagName.toLowerCase()} “${(focused.textContent ?? '').trim().slice(0, 40)}”`;
  if (!focused.matches(':focus-visible')) return `${name} does not match :focus-visible`;
  // A focused element without a size of its own shows focus elsewhere: a visually hidden radio on
  // its label, the list of toasts (focused by Alt+T) on its front toast.
  const box = focused.getBoundingClientRect();
  const shown =
    box.width > 1 && box.height > 1
      ? focused
      : (focused.closest('label') ??
        focused.querySelector('[data-sonner-toast][data-front="true"]'));
  if (!shown) return `${name} has no size and nothing else shows its focus`;
  const style = getComputedStyle(shown);
  if (style.outlineStyle === 'none' || parseFloat(style.outlineWidth) < 2)
    return `${name} has no outline (${style.outlineStyle} ${style.outlineWidth})`;
  const background = behind(shown);
  const ring = over(parse(style.outlineColor), background);
  const [light, dark] = [luminance(ring), luminance(background)].sort((a, b) => b - a);
  const contrast = ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
  return contrast >= 3 ? 'ok' : `${name}: outline contrast ${contrast.toFixed(2)}:1`;
}

/** The focused element shows a clear focus ring (once a colour transition has settled). */
async function expectFocusRing(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(focusRing), { message: 'a visible focus ring' }).toBe('ok');
}

/** `target` has focus and shows it. */
async function expectFocusOn(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  await expectFocusRing(page);
}

/** Presses Tab (or Shift+Tab) until `target` has focus; every stop on the way shows its ring. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  await expect(target).toBeAttached();
  for (let stop = 0; stop < 40; stop++) {
    await page.keyboard.press(key);
    await expectFocusRing(page);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${key} never reached ${target.toString()}`);
}

async function firstLoad(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

const menuButton = (page: Page) => page.getByRole('button', { name: 'Otevřít menu' });
const menuDialog = (page: Page) => page.getByRole('dialog', { name: 'Menu' });
const authDialog = (page: Page) => page.getByRole('dialog', { name: 'Přihlášení' });
const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Tvoje zpráva' });
const messagesOf = (page: Page) =>
  page.getByRole('log', { name: 'Konverzace' }).locator(':scope > ol > li');

test('the menu opens, is browsed and closes from the keyboard, and focus goes back to its button', async ({
  page,
}) => {
  await firstLoad(page, '/');
  await tabTo(page, menuButton(page));
  await page.keyboard.press('Enter');
  const menu = menuDialog(page);
  await expect(menu).toBeVisible();
  await expectFocusOn(page, menu.getByRole('button', { name: 'Zavřít' }));

  // The info sections open with Enter and Space, one at a time.
  const about = menu.locator('summary').filter({ hasText: 'O aplikaci' });
  const audience = menu.locator('summary').filter({ hasText: 'Pro koho' });
  await tabTo(page, about);
  await page.keyboard.press('Enter');
  await expect(menu.getByText(/Vznikl pro lidi, kteří chtějí začít podnikat/)).toBeVisible();
  await tabTo(page, audience);
  await page.keyboard.press('Space');
  await expect(menu.getByText(/Pro začínající podnikatele, freelancery/)).toBeVisible();
  await expect(menu.getByText(/Vznikl pro lidi/)).toBeHidden();

  // Escape closes.
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expectFocusOn(page, menuButton(page));

  // The close button closes.
  await page.keyboard.press('Space');
  await expectFocusOn(page, menu.getByRole('button', { name: 'Zavřít' }));
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  await expectFocusOn(page, menuButton(page));

  // Choosing a link closes the menu and goes there; focus is back on the menu button.
  await page.keyboard.press('Enter');
  await tabTo(page, menu.getByRole('link', { name: 'Předplatné' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/subscription');
  await expect(menu).toBeHidden();
  await expectFocusOn(page, menuButton(page));
});

test('the language is switched with the arrow keys, and focus stays on the choice', async ({
  page,
}) => {
  await firstLoad(page, '/');
  // Backwards from the top of the page: the bottom navigation's last item.
  const settings = page.getByRole('navigation', { name: 'Hlavní navigace' }).getByRole('link', {
    name: 'Nastavení',
  });
  await tabTo(page, settings, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Nastavení' })).toBeVisible();
  await expectFocusOn(page, settings);

  const languages = page.getByRole('group', { name: 'Jazyk' });
  await tabTo(page, languages.getByRole('radio', { name: 'Čeština' }), 'Shift+Tab');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(toast(page, 'Language changed')).toBeVisible();
  await expectFocusOn(page, page.getByRole('radio', { name: 'English' }));
  await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();

  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('heading', { level: 1, name: 'Nastavení' })).toBeVisible();
  await expectFocusOn(page, page.getByRole('radio', { name: 'Čeština' }));
});

test('a goal and its steps are added from the keyboard, and focus is never lost on the way', async ({
  page,
}) => {
  await firstLoad(page, '/goals');
  const toggle = page.getByRole('button', { name: 'Přidat cíl' });
  const field = page.getByRole('textbox', { name: 'Název cíle' });

  // The skip link leads past the header: the next stop is the screen's first control.
  const skip = page.getByRole('link', { name: 'Přeskočit na obsah' });
  await tabTo(page, skip);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expectFocusOn(page, toggle);

  // Cancelled: the form goes away and focus is on the toggle again.
  await page.keyboard.press('Enter');
  await expectFocusOn(page, field);
  await page.keyboard.type('Rozepsaný cíl');
  await tabTo(page, page.getByRole('button', { name: 'Zrušit' }));
  await page.keyboard.press('Enter');
  await expect(field).toBeHidden();
  await expectFocusOn(page, toggle);

  // Added with Enter: the new goal is there, and so is focus on the toggle.
  await page.keyboard.press('Enter');
  await expectFocusOn(page, field);
  await page.keyboard.type('Otevřít kavárnu');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Cíl přidán')).toBeVisible();
  const goal = page.getByRole('article', { name: 'Otevřít kavárnu' });
  await expect(goal).toContainText('0 z 5 kroků dokončeno');
  await expectFocusOn(page, toggle);

  const step = goal.getByRole('button', { name: 'Přidat hotový krok: Otevřít kavárnu' });
  await tabTo(page, step);
  await page.keyboard.press('Space');
  await expect(goal).toContainText('1 z 5 kroků dokončeno');
  await expect(goal).toContainText('20 %');
  await expectFocusOn(page, step);

  // The last step disables its button: focus moves to the step back beside it.
  for (const done of [2, 3, 4, 5]) {
    await page.keyboard.press('Enter');
    await expect(goal).toContainText(`${done} z 5 kroků dokončeno`);
  }
  await expect(goal.getByText('Gratuluju! Tenhle cíl máš splněný.')).toBeVisible();
  await expect(step).toBeDisabled();
  await expectFocusOn(page, goal.getByRole('button', { name: 'Vrátit krok: Otevřít kavárnu' }));
});

test('a chat message is sent and the conversation saved from the keyboard', async ({ page }) => {
  await firstLoad(page, '/chat');
  await tabTo(page, messageBox(page));
  await page.keyboard.type('Ahoj, píšu jen klávesnicí');
  await page.keyboard.press('Enter');
  await expect(messagesOf(page).first()).toContainText('Ahoj, píšu jen klávesnicí');
  await expect(messagesOf(page)).toHaveCount(2);
  await expect(messageBox(page)).toHaveValue('');
  await expectFocusOn(page, messageBox(page));

  const save = page.getByRole('button', { name: 'Uložit' });
  await tabTo(page, save, 'Shift+Tab');
  await page.keyboard.press('Enter');
  const saved = toast(page, 'Konverzace uložena');
  await expect(saved).toBeVisible();
  await expectFocusOn(page, save);

  // The toast is reached with its shortcut (Alt+T, as its region's name says) and closed from the
  // keyboard; focus goes back to where it was.
  await expect(page.getByRole('region', { name: 'Oznámení alt+T' })).toBeAttached();
  await page.keyboard.press('Alt+KeyT');
  await expectFocusRing(page);
  await tabTo(page, saved);
  await tabTo(page, saved.getByRole('button', { name: 'Zavřít' }));
  await page.keyboard.press('Enter');
  await expect(saved).toHaveCount(0);
  await expectFocusOn(page, save);
});

test('a saved conversation is renamed and opened from the history with the keyboard', async ({
  page,
  seedStorage,
}) => {
  const at = '2026-11-20T09:30:00.000Z';
  await seedStorage(
    'partak_saved_conversations',
    JSON.stringify([
      {
        id: '3f6c1a52-8d4e-4b7a-9c1e-000000000001',
        createdAt: at,
        updatedAt: at,
        messages: [
          { role: 'user', content: 'Kde najdu první zákazníky?', timestamp: at },
          { role: 'assistant', content: 'Zeptej se nejdřív známých.', timestamp: at },
        ],
      },
    ]),
  );
  await firstLoad(page, '/history');
  const rename = (title: string) =>
    page.getByRole('button', { name: `Přejmenovat konverzaci ${title}` });
  const dialog = page.getByRole('dialog', { name: 'Přejmenovat konverzaci' });
  const field = dialog.getByRole('textbox', { name: 'Název' });

  // Escape: nothing changes, focus is back on the Rename button.
  await tabTo(page, rename('Kde najdu první zákazníky?'));
  await page.keyboard.press('Enter');
  await expectFocusOn(page, field);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectFocusOn(page, rename('Kde najdu první zákazníky?'));

  // Enter saves the new title; focus is on the same button, named anew.
  await page.keyboard.press('Enter');
  await expectFocusOn(page, field);
  await page.keyboard.press('ControlOrMeta+KeyA');
  await page.keyboard.type('Zákazníci');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Konverzace přejmenována')).toBeVisible();
  await expectFocusOn(page, rename('Zákazníci'));

  // Opening it continues it in the chat, with focus in the message box.
  await tabTo(
    page,
    page.getByRole('main').getByRole('listitem').getByRole('button').first(),
    'Shift+Tab',
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/chat');
  await expect(messagesOf(page)).toHaveCount(2);
  await expect(messagesOf(page).nth(1)).toContainText('Zeptej se nejdřív známých.');
  await expectFocusOn(page, messageBox(page));
});

test('signing in from the keyboard: Escape and success both give focus back to the menu button', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('keyboard');
  await createConfirmedAccount(request, email);
  await firstLoad(page, '/');
  const signIn = menuDialog(page).getByRole('button', { name: 'Přihlásit se / Zaregistrovat se' });

  await tabTo(page, menuButton(page));
  await page.keyboard.press('Enter');
  await tabTo(page, signIn);
  await page.keyboard.press('Enter');
  await expect(authDialog(page)).toBeVisible();
  await expectFocusOn(page, authDialog(page).getByRole('button', { name: 'Zavřít' }));
  await page.keyboard.press('Escape');
  await expect(authDialog(page)).toBeHidden();
  await expectFocusOn(page, menuButton(page));

  await page.keyboard.press('Enter');
  await tabTo(page, signIn);
  await page.keyboard.press('Enter');
  await tabTo(page, authDialog(page).getByLabel('E-mail', { exact: true }));
  await page.keyboard.type(email);
  await tabTo(page, authDialog(page).getByLabel('Heslo', { exact: true }));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Přihlášení proběhlo úspěšně')).toBeVisible();
  await expect(authDialog(page)).toBeHidden();
  await expectFocusOn(page, menuButton(page));

  // Signed in: the account opens from the menu, and the profile from there.
  await page.keyboard.press('Enter');
  const account = menuDialog(page).locator('summary').filter({ hasText: email });
  await tabTo(page, account);
  await page.keyboard.press('Enter');
  await tabTo(page, menuDialog(page).getByRole('link', { name: 'Můj profil' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/profil');
  await expect(page.getByRole('region', { name: 'Údaje o účtu' })).toContainText(email);
  await expectFocusOn(page, menuButton(page));
});

// One test per screen: a sweep of all of them in one test outgrew its timeout on a loaded machine,
// and a failure now names the screen.
for (const path of SCREENS) {
  test(`every Tab stop of ${path} shows its focus ring, from the skip link to the navigation`, async ({
    page,
  }) => {
    await firstLoad(page, path);
    await page.keyboard.press('Tab');
    await expectFocusOn(page, page.getByRole('link', { name: 'Přeskočit na obsah' }));
    // Forward until focus leaves the page (to the browser's own controls).
    let last = '';
    for (let stop = 1; ; stop++) {
      expect(stop, "a way out of the page's Tab order").toBeLessThan(100);
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement === document.body)) break;
      await expectFocusRing(page);
      last = await page.evaluate(() => document.activeElement?.textContent ?? '');
    }
    expect(last, "the last stop is the navigation's last item").toBe('Nastavení');
  });
}
