// Runs one account action and reports it (spec §8): a success toast, or the error toast. Returns the
// result, or undefined when the call failed, so a form keeps what was typed.
import { toastError, toastSuccess } from '../api/action-feedback.ts';

export async function runAction<T>(action: () => Promise<T>, successMessage: string): Promise<T | undefined> {
  try {
    const result = await action();
    toastSuccess(successMessage);
    return result;
  } catch (error) {
    toastError(error);
    return undefined;
  }
}
