// Toasts (spec §8): short messages at the top centre that disappear after 8 seconds. A module store
// so any code (an API error, a mutation) can raise one without a React context.
import { TOAST_TIMEOUT_MS } from '../constants.ts';

export type ToastTone = 'error' | 'success' | 'info';

export interface Toast {
  readonly id: number;
  readonly tone: ToastTone;
  readonly message: string;
}

const listeners = new Set<() => void>();
let toasts: readonly Toast[] = [];
let nextId = 1;

function emit(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  emit(toasts.filter((toast) => toast.id !== id));
}

export function showToast(message: string, tone: ToastTone = 'info'): number {
  const id = nextId++;
  // The same message twice in a row (a double click) shows once.
  const rest = toasts.filter((toast) => toast.message !== message);
  emit([...rest.slice(-2), { id, tone, message }]);
  setTimeout(() => dismissToast(id), TOAST_TIMEOUT_MS);
  return id;
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
