// The audit of reserves (spec §2, issue 18): the latest snapshot's coverage per asset, "Verify my
// balances" for a customer the snapshot does not include says so, and a proof file of another
// customer verifies as theirs, never as the signed-in customer's balances.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { auditApi, auditSnapshotListResponseSchema } from '@rora/contracts';
import { AUDIT_SNAPSHOT_ID, AUDIT_SNAPSHOT_TAKEN_AT, twoCustomerProofs } from '../../testing/audit-fixtures.ts';
import { signedInCustomer } from '../../testing/fixtures.ts';
import { renderScreen, signInAs, text, installFakeApi } from '../../testing/render-screen.tsx';
import { Component } from './account-audit.tsx';

const api = installFakeApi();
const SNAPSHOT = '4c3b2a19-0f8e-4d7c-8b6a-5f4e3d2c1b0a';

/** The API lists one published snapshot: `id` with root `rootHash`, 1.5 BTC owed. */
/** The one snapshot the page lists: by default at the fixtures' proofs' time. */
function listSnapshot(id: string, rootHash: string, takenAt = AUDIT_SNAPSHOT_TAKEN_AT): void {
  api.answer(auditApi.listSnapshots, auditSnapshotListResponseSchema.shape.data, {
    page: 1,
    limit: 30,
    total: 1,
    items: [
      {
        id,
        takenAt,
        publishedAt: new Date(Date.parse(takenAt) + 5 * 60_000).toISOString(),
        ledgerPosition: { transferSeq: '1042', pgSnapshot: '784:790:' },
        rootHash,
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
}

describe('the audit screen', () => {
  it('shows the latest snapshot and says when the customer is not in it', async () => {
    signInAs(signedInCustomer());
    listSnapshot(SNAPSHOT, 'ab'.repeat(32));
    api.refuse(auditApi.proof, 'resource_not_found');
    await renderScreen({ path: '/dashboard/account/audit', Component, namespaces: ['audit'] });

    const row = (await screen.findByRole('rowheader', { name: 'BTC' })).closest('tr')!;
    expect(row.textContent).toMatch(/120(\.0+)?\s?%/);

    await userEvent.click(screen.getByRole('button', { name: text('audit:verify.action') }));

    expect(await screen.findByText(text('audit:errors.notIncluded'))).toBeTruthy();
    expect(api.calls(auditApi.proof)[0]?.path).toBe(`/audit/snapshots/${SNAPSHOT}/proof`);
  });

  it("tells a customer who checks another customer's proof file that it is not theirs", async () => {
    const reader = signedInCustomer();
    const [othersProof, ownProof] = twoCustomerProofs(['5e0c2f7a-3b1d-4e8f-a6c9-1d2e3f4a5b6c', reader.id]);
    expect(othersProof.customerId).not.toBe(reader.id);
    signInAs(reader);
    listSnapshot(AUDIT_SNAPSHOT_ID, othersProof.snapshot.root.hash);
    await renderScreen({ path: '/dashboard/account/audit', Component, namespaces: ['audit'] });
    const picker = await screen.findByLabelText(text('audit:verify.file'));
    const upload = (proof: object) =>
      userEvent.upload(picker, new File([JSON.stringify(proof)], 'proof.json', { type: 'application/json' }));

    await upload(othersProof);
    const result = await screen.findByTestId('audit-result');
    await screen.findByText(text('audit:result.okAnother'));
    expect(result.textContent).not.toBe(text('audit:result.ok'));
    expect(screen.getByText(text('audit:result.proofBalances'), { exact: false })).toBeTruthy();
    expect(screen.queryByText(text('audit:result.balances'), { exact: false })).toBeNull();
    expect(screen.getByTestId('audit-balances').textContent).toBe('1.5 BTC');

    await upload(ownProof);
    await screen.findByText(text('audit:result.ok'));
    expect(screen.getByText(text('audit:result.balances'), { exact: false })).toBeTruthy();
    expect(screen.getByTestId('audit-balances').textContent).toBe('2.5 USDT');
  });
});
