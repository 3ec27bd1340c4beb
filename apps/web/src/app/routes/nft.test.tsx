// NFT (spec §2): the menu entry shows only 'Coming Soon', and asks the API for nothing.
import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderScreen, signInAs, text, installFakeApi } from '../../testing/render-screen.tsx';
import { signedInCustomer } from '../../testing/fixtures.ts';
import { Component } from './nft.tsx';

const api = installFakeApi();

it('shows that NFTs are coming soon, in both themes', async () => {
  signInAs(signedInCustomer());
  for (const theme of ['dark_theme', 'light_theme'] as const) {
    const { unmount } = await renderScreen({ path: '/dashboard/nft', Component, namespaces: ['nft'], theme });
    expect(screen.getByRole('heading', { name: text('nft:title') })).toBeTruthy();
    expect(screen.getByText(text('nft:comingSoon'))).toBeTruthy();
    expect(document.documentElement.dataset.theme).toBe(theme === 'light_theme' ? 'light' : 'dark');
    unmount();
  }
  expect(api.requests).toEqual([]);
});
