import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/i18n';
import { theme } from '../../src/app/theme';
import { validateCredentials } from '../../src/features/auth/api';
import LoginPage from '../../src/features/auth/LoginPage';
import { returnPath } from '../../src/features/auth/use-sign-in';

const notify = vi.hoisted(() => ({ success: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../../src/lib/notify', () => ({
  notifySuccess: notify.success,
  notifyWarning: notify.warning,
  notifyError: notify.error,
  notifyInfo: vi.fn(),
}));

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fake server: registration open or not, one account (alice-user / right-pass). */
function fakeServer(reg: boolean) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/auth/reg' && method === 'GET') return json({ reg });
    if (url === '/api/auth/me' && method === 'POST') {
      const { name, password } = JSON.parse(String(init?.body));
      if (name === 'alice-user' && password === 'right-pass') {
        return json({ token: 'token-1', user: { name, group: 'user' } });
      }
      return json({ error: 'Wrong user name or password' }, 401);
    }
    if (url === '/api/auth/reg' && method === 'POST') {
      return json({ token: 'token-2', user: { name: 'new-user', group: 'user' } }, 201);
    }
    if (url === '/api/auth/me') return json({ user: { name: 'alice-user', group: 'user' }, auth: true, reg });
    return json({ error: 'not here' }, 404);
  });
}

function renderLogin(from?: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <p>landed</p> },
    ],
    { initialEntries: [{ pathname: '/login', state: from ? { from } : null }] },
  );
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, queryClient };
}

beforeEach(() => {
  localStorage.clear();
  vi.clearAllMocks();
});
afterEach(() => vi.unstubAllGlobals());

describe('login page', { timeout: 20_000 }, () => {
  it('shows the spec messages for short names and passwords', async () => {
    vi.stubGlobal('fetch', fakeServer(false));
    renderLogin();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'abcd' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: '1234' } });
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Username length must be at least 5 characters')).toBeTruthy();
    expect(screen.getByText('Password length must be at least 5 characters')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'abcde' } });
    expect(screen.queryByText('Username length must be at least 5 characters')).toBeNull();
  });

  it('hides registration when the server says reg: false', async () => {
    const fetch = fakeServer(false);
    vi.stubGlobal('fetch', fetch);
    renderLogin();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/auth/reg', expect.anything()));
    expect(screen.queryByRole('tab', { name: 'Register' })).toBeNull();
    expect(screen.queryByLabelText('Repeat password')).toBeNull();
  });

  it('offers registration with a repeated password that must match', async () => {
    vi.stubGlobal('fetch', fakeServer(true));
    renderLogin();
    await userEvent.click(await screen.findByRole('tab', { name: 'Register' }));
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'new-user' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-1' } });
    fireEvent.change(screen.getByLabelText('Repeat password'), { target: { value: 'secret-2' } });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Repeat password not match')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Repeat password'), { target: { value: 'secret-1' } });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByText('landed');
    expect(notify.success).toHaveBeenCalledWith('Register success');
    expect(localStorage.getItem('jwt-token')).toBe('token-2');
  });

  it('logs in, says so, and returns to the previous route with a fresh session', async () => {
    vi.stubGlobal('fetch', fakeServer(false));
    const { router, queryClient } = renderLogin('/work/RJ123456?path=%5B%5D');
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'alice-user' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right-pass' } });
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('landed');
    expect(router.state.location.pathname).toBe('/work/RJ123456');
    expect(router.state.location.search).toBe('?path=%5B%5D');
    expect(notify.success).toHaveBeenCalledWith('Login success');
    expect(localStorage.getItem('jwt-token')).toBe('token-1');
    expect(queryClient.getQueryData(['auth', 'me'])).toMatchObject({ user: { name: 'alice-user' } });
  });

  it('turns a 401 into a warning with the server error and stays', async () => {
    vi.stubGlobal('fetch', fakeServer(false));
    const { router } = renderLogin();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'alice-user' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-pass' } });
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(notify.warning).toHaveBeenCalledWith('Wrong user name or password'));
    expect(notify.error).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('continues as the guest with guest/guest', async () => {
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/auth/me' && init?.method === 'POST') {
        expect(JSON.parse(String(init.body))).toEqual({ name: 'guest', password: 'guest' });
        return json({ token: 'guest-token', user: { name: 'guest', group: 'guest' } });
      }
      if (url === '/api/auth/me')
        return json({ user: { name: 'guest', group: 'guest' }, auth: true, reg: false });
      return json({ reg: false });
    });
    vi.stubGlobal('fetch', fetch);
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Continue as guest' }));
    await screen.findByText('landed');
    expect(localStorage.getItem('jwt-token')).toBe('guest-token');
  });
});

describe('sign-in rules', () => {
  it('validates lengths (5) and the repeat only when registering', () => {
    expect(validateCredentials({ name: 'abcde', password: '12345' }, false)).toEqual({});
    expect(validateCredentials({ name: '  abc  ', password: '1234' }, false)).toEqual({
      name: 'usernameLength',
      password: 'passwordLength',
    });
    expect(validateCredentials({ name: 'abcde', password: '12345', repeat: '1234x' }, true)).toEqual({
      repeat: 'repeatMismatch',
    });
  });

  it('returns to the previous route, never to /login or another site', () => {
    expect(returnPath({ from: '/favourites/progress' })).toBe('/favourites/progress');
    expect(returnPath(null)).toBe('/');
    expect(returnPath({ from: '/login' })).toBe('/');
    expect(returnPath({ from: '//evil.example' })).toBe('/');
    expect(returnPath({ from: 'https://evil.example' })).toBe('/');
  });
});
