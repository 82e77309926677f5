import { expect, loginAs, screenshot, test } from '../helpers';

test('about shows both versions, the links and the licences of the bundle', async ({ page, request }) => {
  await loginAs(page, 'guest', '/about');
  const server = await (await request.get('/api/health')).text();
  expect(server).toBe('OK');
  await expect(page.getByTestId('web-version')).toContainText(/v\d+\.\d+\.\d+/);
  await expect(page.getByTestId('server-version')).toContainText(/v\d+\.\d+\.\d+/);
  await expect(page.getByRole('link', { name: /API document/ })).toHaveAttribute('href', '/api/docs');
  const table = page.getByRole('table', { name: 'Open-source licences' });
  await expect(table.getByRole('row', { name: /^react 19\.\d+\.\d+ MIT$/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /@mantine\/core .* MIT/ })).toBeVisible();
  expect(await table.getByRole('row').count()).toBeGreaterThan(20);
  await screenshot(page, 'about');
});
