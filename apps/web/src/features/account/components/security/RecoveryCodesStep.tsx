// Step two: the ten one-time recovery codes, shown this once (the API keeps only their hashes).
// Copy and download are offered, and the dialog closes only once the customer says they stored them.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, TriangleAlert } from 'lucide-react';
import { Button } from '../../../../components/button/Button.tsx';
import { Checkbox } from '../../../../components/checkbox/Checkbox.tsx';
import { currentLanguageTag } from '../../../../lib/i18n/i18n.ts';
import { cleanRecoveryCodes, formatRecoveryCodesFile, recoveryCodesFileName } from '../../model/recovery-codes.ts';
import { CopyButton } from '../../../../components/copy-button/CopyButton.tsx';

export interface RecoveryCodesStepProps {
  readonly codes: readonly string[];
  readonly email: string;
  readonly onDone: () => void;
}

function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function RecoveryCodesStep({ codes, email, onDone }: RecoveryCodesStepProps) {
  const { t } = useTranslation('account');
  const [stored, setStored] = useState(false);
  const [createdAt] = useState(() => new Date());
  const clean = cleanRecoveryCodes(codes);
  const fileText = formatRecoveryCodesFile(clean, {
    title: t('recovery.fileTitle'),
    account: t('recovery.fileAccount', { email }),
    createdAt: t('recovery.fileCreated', {
      date: new Intl.DateTimeFormat(currentLanguageTag(), { dateStyle: 'long', timeStyle: 'short' }).format(createdAt),
    }),
    instructions: t('recovery.fileInstructions'),
  });

  return (
    <div className="account-recovery">
      <div className="account-warning" role="alert">
        <TriangleAlert size={22} aria-hidden="true" />
        <div>
          <p className="account-warning__title">{t('recovery.warningTitle')}</p>
          <p>{t('recovery.warningBody')}</p>
        </div>
      </div>
      <ol className="account-recovery__codes tabular" aria-label={t('recovery.listLabel')} data-testid="recovery-codes">
        {clean.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="account-actions">
        <CopyButton text={fileText} label={t('recovery.copy')} />
        <Button
          variant="secondary"
          icon={<Download size={18} />}
          onClick={() => download(fileText, recoveryCodesFileName(createdAt))}
        >
          {t('recovery.download')}
        </Button>
      </div>
      <Checkbox
        label={t('recovery.stored')}
        checked={stored}
        onChange={(event) => setStored(event.currentTarget.checked)}
      />
      <Button block disabled={!stored} onClick={onDone}>
        {t('recovery.done')}
      </Button>
    </div>
  );
}
