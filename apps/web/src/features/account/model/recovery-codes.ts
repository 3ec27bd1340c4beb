// The one-time recovery codes shown once when authenticator 2FA is turned on: how they are laid
// out on screen, copied as text and saved to a file the customer keeps offline.

/** The codes as the API sent them (`xxxxx-xxxxx`), trimmed, blanks dropped. */
export function cleanRecoveryCodes(codes: readonly string[]): string[] {
  return codes.map((code) => code.trim()).filter((code) => code.length > 0);
}

/** One code a line, numbered so a customer reading them aloud or on paper keeps their place. */
export function recoveryCodeLines(codes: readonly string[]): string[] {
  const clean = cleanRecoveryCodes(codes);
  const width = String(clean.length).length;
  return clean.map((code, index) => `${String(index + 1).padStart(width, ' ')}. ${code}`);
}

export interface RecoveryFileText {
  /** A heading such as 'Rora recovery codes'. */
  readonly title: string;
  /** Whose account, and when the codes were made. */
  readonly account: string;
  readonly createdAt: string;
  /** How to use them: each works once, keep them offline. */
  readonly instructions: string;
}

/** The content of the downloaded file (and of the clipboard): plain text, CRLF-free. */
export function formatRecoveryCodesFile(codes: readonly string[], text: RecoveryFileText): string {
  return [text.title, text.account, text.createdAt, '', ...recoveryCodeLines(codes), '', text.instructions, ''].join(
    '\n',
  );
}

/** `rora-recovery-codes-2025-01-31.txt`, with the local date. */
export function recoveryCodesFileName(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `rora-recovery-codes-${date.getFullYear()}-${month}-${day}.txt`;
}

/** A recovery code typed to prove it is you: the API ignores case and separators, so only blank is refused. */
export function validateRecoveryCode(code: string): 'validation.recoveryCode' | undefined {
  return code.trim().length > 0 ? undefined : 'validation.recoveryCode';
}
