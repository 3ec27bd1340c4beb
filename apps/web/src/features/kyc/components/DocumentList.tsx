// The documents on file, by name (never anyone else's files), each downloadable by its owner.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, FileCheck2 } from 'lucide-react';
import { KYC_DOCUMENT_KINDS, type KycDocument } from '@rora/contracts';
import { Button } from '../../../components/button/Button.tsx';
import { currentLanguageTag } from '../../../lib/i18n/i18n.ts';
import { showToast } from '../../../lib/toast/toast-store.ts';
import { downloadDocument } from '../api/documents-api.ts';
import { formatFileSize } from '../model/file-check.ts';
import { useErrorText } from '../../../lib/api/use-error-text.ts';

export function DocumentList({ userId, documents }: { userId: string; documents: readonly KycDocument[] }) {
  const { t } = useTranslation('kyc');
  const errorText = useErrorText('kyc');
  const [busy, setBusy] = useState<string | null>(null);
  const ordered = [...documents].sort(
    (a, b) => KYC_DOCUMENT_KINDS.indexOf(a.kind) - KYC_DOCUMENT_KINDS.indexOf(b.kind),
  );
  const download = async (document: KycDocument) => {
    setBusy(document.id);
    try {
      await downloadDocument({ userId, documentId: document.id, fileName: document.fileName });
    } catch (error) {
      showToast(errorText.ofError(error), 'error');
    } finally {
      setBusy(null);
    }
  };
  return (
    <ul className="kyc-documents">
      {ordered.map((document) => (
        <li key={document.id} className="kyc-documents__item">
          <FileCheck2 size={20} aria-hidden="true" className="kyc-documents__icon" />
          <div className="kyc-documents__text">
            <span className="kyc-documents__kind">{t(`documents.${document.kind}`)}</span>
            <span className="kyc-documents__name">{document.fileName}</span>
            <span className="muted">{formatFileSize(document.sizeBytes, currentLanguageTag())}</span>
          </div>
          <Button
            variant="ghost"
            icon={<Download size={18} />}
            loading={busy === document.id}
            aria-label={t('approved.download', { name: document.fileName })}
            onClick={() => void download(document)}
          >
            <span className="kyc-documents__download">{t('approved.downloadShort')}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
