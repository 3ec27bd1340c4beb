// Why the last try failed, inside the form that made it.
import { CircleAlert } from 'lucide-react';

export function FormError({ message }: { readonly message: string | null }) {
  if (!message) return null;
  return (
    <p className="account-form__error" role="alert">
      <CircleAlert size={18} aria-hidden="true" />
      <span>{message}</span>
    </p>
  );
}
