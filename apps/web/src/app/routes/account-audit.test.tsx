// The audit of reserves (spec §2, issue 18): the latest snapshot's coverage per asset, and "Verify my
// balances" for a customer the snapshot does not include says so.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { auditApi, auditSnapshotListResponseSchema } from '@rora/contracts';
import { signedInCustomer } from '../../testing/fixtures.ts';
import { renderScreen, signInAs, text, installFakeApi } from '../../testing/render-screen.tsx';
import { Component } from './account-audit.tsx';

const api = installFakeApi();
const SNAPSHOT = '4c3b2a19-0f8e-4d7c-8b6a-5f4e3d2c1b0a';

describe('the audit screen', () => {
  it('shows the latest snapshot and says when the customer is not in it', async () => {
    signInAs(signedInCustomer());
    api.answer(auditApi.listSnapshots, auditSnapshotListResponseSchema.shape.data, {
      page: 1,
      limit: 30,
      total: 1,
      items: [
        {
          id: SNAPSHOT,
          takenAt: '2026-11-24T00:00:00.000Z',
          publishedAt: '2026-11-24T00:05:00.000Z',
          ledgerPosition: { transferSeq: '1042', pgSnapshot: '784:790:' },
          rootHash: 'ab'.repeat(32),
          customerCount: 12,
          leafCount: 30,
          assets: [
            {
              asset: 'BTC',
              scale: 8,
              liabilities: '1.5',
              reserves: '1.8',
              liabilitiesMinor: '150000000',
              reservesMinor: '180000000',
              coverageBps: 12000,
              addressCount: 3,
            },
          ],
        },
      ],
    });
    api.refuse(auditApi.proof, 'resource_not_found');
    await renderScreen({ path: '/dashboard/account/audit', Component, namespaces: ['audit'] });

    const row = (await screen.findByRole('rowheader', { name: 'BTC' })).closest('tr')!;
    expect(row.textContent).toMatch(/120(\.0+)?\s?%/);

    await userEvent.click(screen.getByRole('button', { name: text('audit:verify.action') }));

    expect(await screen.findByText(text('audit:errors.notIncluded'))).toBeTruthy();
    expect(api.calls(auditApi.proof)[0]?.path).toBe(`/audit/snapshots/${SNAPSHOT}/proof`);
  });
});
