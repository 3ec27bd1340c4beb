// An account action inside a dialog: reported by toast like every action (spec §8), and its failure
// also kept to show inside the dialog, where a toast behind the modal could go unseen.
import { useCallback, useState } from 'react';
import { errorMessage, toastError, toastSuccess } from '../api/action-feedback.ts';

export interface DialogAction {
  readonly error: string | null;
  run<T>(action: () => Promise<T>, successMessage: string): Promise<T | undefined>;
  clear(): void;
}

export function useDialogAction(): DialogAction {
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async <T>(action: () => Promise<T>, successMessage: string) => {
    setError(null);
    try {
      const result = await action();
      toastSuccess(successMessage);
      return result;
    } catch (failure) {
      setError(errorMessage(failure));
      toastError(failure);
      return undefined;
    }
  }, []);
  const clear = useCallback(() => setError(null), []);
  return { error, run, clear };
}
