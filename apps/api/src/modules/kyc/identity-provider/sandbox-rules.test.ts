import { describe, expect, it } from 'vitest';
import { decideSandboxCheck } from './sandbox-rules.ts';

const documents = [
  { kind: 'proof_of_residence', fileName: 'bill.pdf' },
  { kind: 'id_card', fileName: 'id.jpg' },
  { kind: 'photo', fileName: 'me.jpg' },
  { kind: 'photo_with_id_card', fileName: 'selfie.jpg' },
] as const;

describe('the sandbox test rules (README.md)', () => {
  it('approves an ordinary submission', () => {
    expect(decideSandboxCheck({ fullName: 'Ada Lovelace', documents: [...documents] })).toEqual({
      outcome: 'approved',
      reasons: [],
    });
  });

  it('rejects the identity details of a full name containing "Reject"', () => {
    expect(decideSandboxCheck({ fullName: 'Jane Rejected', documents: [...documents] })).toEqual({
      outcome: 'rejected',
      reasons: [{ code: 'identity_details_do_not_match', item: 'identity' }],
    });
  });

  it('rejects the ID card of a full name containing "Expired"', () => {
    expect(decideSandboxCheck({ fullName: 'expired Card', documents: [...documents] }).reasons).toEqual([
      { code: 'id_card_is_expired', item: 'id_card' },
    ]);
  });

  it('rejects each document whose file name contains "blurred"', () => {
    const blurred = documents.map((document) =>
      document.kind === 'photo' ? { ...document, fileName: 'Me-BLURRED.jpg' } : document,
    );
    expect(decideSandboxCheck({ fullName: 'Ada Lovelace', documents: blurred }).reasons).toEqual([
      { code: 'document_image_is_blurred', item: 'photo' },
    ]);
  });
});
