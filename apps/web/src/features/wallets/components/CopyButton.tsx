// Copies a text and says so for two seconds; a refused clipboard says to select the text instead.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Copy } from 'lucide-react';
import { Button } from '../../../components/button/Button.tsx';
import { showToast } from '../../../lib/toast/toast-store.ts';

export function CopyButton({ text, label }: { readonly text: string; readonly label: string }) {
  const { t } = useTranslation('wallets');
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
      showToast(t('receive.copyFailed'), 'error');
    }
  };

  return (
    <Button variant="secondary" icon={copied ? <Check size={18} /> : <Copy size={18} />} onClick={() => void copy()}>
      <span aria-live="polite">{copied ? t('receive.copied') : label}</span>
    </Button>
  );
}
