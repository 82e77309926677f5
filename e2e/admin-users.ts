import type { Locator, Page } from '@playwright/test';
import { expect } from './helpers';

/**
 * On /admin/users (opened by the caller): creates user `name` with `password` in the New user dialog and
 * answers their row once it is listed.
 */
export async function createUserInDialog(page: Page, name: string, password: string): Promise<Locator> {
  await page.getByRole('button', { name: 'New user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a user' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Password' }).fill(password);
  await dialog.getByRole('button', { name: 'Create' }).click();
  const row = page.getByTestId(`user-${name}`);
  await expect(row).toBeVisible();
  return row;
}
