// The notice staking and lending show until identity is verified: the screen's words, named by its
// title, and the way to /account/kyc.
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { KycRequiredNotice } from './KycRequiredNotice.tsx';

afterEach(cleanup);

it('says what needs verified identity and leads to the KYC page', () => {
  render(
    <MemoryRouter>
      <KycRequiredNotice title="Verify to lend" body="Lending needs it." link="Verify now" />
      <KycRequiredNotice title="Verify to stake" body="Staking needs it." link="Verify" />
    </MemoryRouter>,
  );
  const notice = screen.getByRole('note', { name: 'Verify to lend' });
  expect(notice.textContent).toContain('Lending needs it.');
  expect(within(notice).getByRole('link', { name: 'Verify now' }).getAttribute('href')).toBe('/account/kyc');
  // Two on one page each keep their own name.
  expect(screen.getByRole('note', { name: 'Verify to stake' }).textContent).toContain('Staking needs it.');
});
