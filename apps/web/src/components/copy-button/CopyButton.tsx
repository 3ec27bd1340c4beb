// Copies a text to the clipboard and says so for two seconds ('Copied'); a refused clipboard (an
// old browser, a denied permission) says to select the text instead.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Copy } from 'lucide-react';
import { Button, type ButtonVariant } from '../button/Button.tsx';
import { showToast } from '../../lib/toast/toast-store.ts';

export interface CopyButtonProps {
  readonly text: string;
  readonly label: string;
  readonly variant?: ButtonVariant;
}

export function CopyButton({ text, label, variant = 'secondary' }: CopyButtonProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      showToast(t('copy.failed'), 'error');
    }
  };

  return (
    <Button variant={variant} icon={copied ? <Check size={18} /> : <Copy size={18} />} onClick={() => void copy()}>
      <span aria-live="polite">{copied ? t('copy.done') : label}</span>
    </Button>
  );
}
