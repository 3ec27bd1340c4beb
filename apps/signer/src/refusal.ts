// A request the signer will not sign, with the rule it broke (codes: SIGNER_REFUSALS of @rora/chains).
import type { SignerRefusalCode } from '@rora/chains';

const STATUS: Record<SignerRefusalCode, number> = {
  signer_request_is_malformed: 400,
  signer_secret_is_wrong: 401,
  signer_has_no_key_for_network: 404,
  withdrawal_is_not_held: 409,
  withdrawal_does_not_match: 409,
  withdrawal_was_signed_differently: 409,
  transaction_signature_is_invalid: 422,
  transaction_fee_is_above_ceiling: 422,
  sweep_destination_is_not_the_hot_wallet: 403,
  sweep_source_is_not_a_deposit_address: 403,
};

export class SignerRefusal extends Error {
  override readonly name = 'SignerRefusal';
  readonly code: SignerRefusalCode;
  readonly status: number;

  constructor(code: SignerRefusalCode, message: string) {
    super(message);
    this.code = code;
    this.status = STATUS[code];
  }
}
