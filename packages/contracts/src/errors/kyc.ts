import type { ErrorDefinition } from './types.ts';

// Codes of the identity verification (KYC) context: the identity form (spec §5 minimums), document
// uploads, the state machine, the identity provider's webhook and the KYC gate of spec §6.
export const kycErrors = {
  // Every action the gate stands before (kyc-gate.ts): orders, swaps and card purchases, placing a
  // stake, and in P2P lending posting a request (borrowing) and funding one (lending). Ending what
  // was started before (unstaking, repaying, cancelling a request) is not gated.
  kyc_approval_required: {
    status: 403,
    message:
      'Please complete identity verification (KYC) before buying, selling, swapping, staking, borrowing or lending',
  },

  full_name_must_have_at_least_5_characters: { status: 400, message: 'Full name should be at least 5 characters' },
  address_must_have_at_least_5_characters: { status: 400, message: 'Address should be at least 5 characters' },
  city_must_have_at_least_3_characters: { status: 400, message: 'City should be at least 3 characters' },
  full_name_must_have_at_most_100_characters: { status: 400, message: 'Full name should be at most 100 characters' },
  address_must_have_at_most_200_characters: { status: 400, message: 'Address should be at most 200 characters' },
  city_must_have_at_most_100_characters: { status: 400, message: 'City should be at most 100 characters' },
  identity_text_must_be_plain: {
    status: 400,
    message: 'Use letters, digits, spaces and punctuation only: no hidden or control characters',
  },
  date_of_birth_must_be_valid: { status: 400, message: 'Please enter a valid date of birth' },
  customer_must_be_an_adult: { status: 400, message: 'You must be at least 18 years old' },
  country_must_be_supported: { status: 400, message: 'Please choose your country' },
  currency_must_be_supported: { status: 400, message: 'Please choose your currency' },
  privacy_policy_must_be_agreed: { status: 400, message: 'Please agree to the privacy policy' },

  document_file_required: { status: 400, message: 'Please choose a file to upload' },
  document_upload_must_hold_one_file: { status: 400, message: 'Please upload one file at a time' },
  document_file_name_must_be_plain: {
    status: 400,
    message: 'The file name must not contain a folder path or hidden characters',
  },
  document_must_be_at_most_10_mb: { status: 413, message: 'The file is larger than 10 MB' },
  document_type_must_be_jpeg_png_or_pdf: { status: 415, message: 'Only JPEG, PNG or PDF files are accepted' },
  document_image_is_unreadable: { status: 422, message: 'The image could not be read. Please take another photo' },
  document_pdf_is_invalid: { status: 422, message: 'The PDF could not be read. Please upload another file' },
  document_pdf_has_active_content: {
    status: 422,
    message: 'The PDF contains scripts or attachments. Please upload a plain scan or a photo',
  },

  kyc_identity_details_required: { status: 409, message: 'Please fill in your identity details first' },
  kyc_documents_incomplete: { status: 409, message: 'Please upload every document before sending them for review' },
  kyc_already_approved: { status: 409, message: 'Your identity is already verified' },
  kyc_awaiting_decision: {
    status: 409,
    message: 'Your documents are being reviewed. You can change them if they are rejected',
  },
  kyc_item_was_not_rejected: { status: 409, message: 'Only the rejected items can be changed' },
  kyc_rejected_items_must_be_replaced: {
    status: 409,
    message: 'Please fix every rejected item before sending them again',
  },
  kyc_changed_during_submission: {
    status: 409,
    message: 'Your application changed while it was being sent for review. Please send it again',
  },
  kyc_submission_in_progress: {
    status: 409,
    message: 'Your application is already being sent for review. Please wait a moment',
  },
  document_uploads_per_day_exceeded: {
    status: 429,
    message: 'You have uploaded the most documents allowed in a day. Please try again tomorrow',
  },
  document_uploads_are_busy: {
    status: 429,
    message: 'Too many documents are being uploaded right now. Please try again in a moment',
  },
  identity_provider_unavailable: {
    status: 503,
    message: 'The identity verification service is unavailable. Please try again',
  },

  webhook_signature_invalid: { status: 401, message: 'The webhook signature is invalid' },
  webhook_timestamp_outside_tolerance: { status: 401, message: 'The webhook timestamp is too old or in the future' },
  webhook_replay_refused: { status: 409, message: 'This webhook delivery was already received' },
  webhook_payload_invalid: { status: 400, message: 'The webhook payload is not valid' },
  webhook_reference_unknown: {
    status: 409,
    message: 'No submission with this reference is known yet; deliver the event again later',
  },
} as const satisfies Record<string, ErrorDefinition>;
